#include "app/edit_labels.h"

#include "app/strings.h"

namespace aoilab::app {

std::string localizedEditLabel(const std::string& label) {
    // Each English text is "<verb> entity %s" or a fixed phrase; match it and keep the id.
    for (Str id : {Str::EditAdd, Str::EditDelete, Str::EditMove, Str::EditResize, Str::EditRadius, Str::EditRename,
                   Str::EditRecolour, Str::EditPaint, Str::EditErase}) {
        const std::string english = tr(id, Language::English);
        const std::size_t slot = english.find("%s");
        if (slot == std::string::npos) {
            if (label == english) return tr(id);
            continue;
        }
        const std::string before = english.substr(0, slot);
        const std::string after = english.substr(slot + 2);
        if (label.size() <= before.size() + after.size() || label.compare(0, before.size(), before) != 0 ||
            label.compare(label.size() - after.size(), after.size(), after) != 0)
            continue;
        const std::string entity = label.substr(before.size(), label.size() - before.size() - after.size());
        if (entity.find_first_not_of("0123456789") != std::string::npos) continue;
        return fmt(id, entity.c_str());
    }
    return label;
}

}  // namespace aoilab::app
