#include "app/modes/mode_list.h"

namespace aoilab::app {

// THE list of modes (explicit on purpose: self-registering statics in a static library are dropped by
// the linker). To add one: write modes/<id>/<id>_mode.cpp with make<Id>Mode(), declare it in
// mode_list.h and add it here; F1-F4 follow this order.
std::vector<std::unique_ptr<Mode>> makeModes() {
    std::vector<std::unique_ptr<Mode>> modes;
    modes.push_back(makeAoiMode());
    modes.push_back(makeSearchMode());
    modes.push_back(makeMapsMode());
    modes.push_back(makeGraphMode());
    return modes;
}

}  // namespace aoilab::app
