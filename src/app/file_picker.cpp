#include "app/file_picker.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {

namespace fs = std::filesystem;

void FilePicker::show(Mode mode, const fs::path& folder, const std::string& fileName) {
    mode_ = mode;
    std::error_code ec;
    folder_ = fs::absolute(folder.empty() ? fs::current_path(ec) : folder, ec).lexically_normal();
    fileName_ = fileName;
    shown_ = true;
    openRequested_ = true;
    focusName_ = true;
    list();
}

void FilePicker::list() {
    items_.clear();
    listError_.clear();
    folderText_ = folder_.string();
    std::error_code ec;
    for (fs::directory_iterator it(folder_, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        const fs::directory_entry& entry = *it;
        std::string name = entry.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        std::error_code typeError;
        bool folder = entry.is_directory(typeError);
        if (!folder && jsonOnly_ && entry.path().extension() != ".json") continue;
        items_.push_back({name, folder});
    }
    if (ec) listError_ = ec.message();
    std::sort(items_.begin(), items_.end(), [](const Item& a, const Item& b) {
        if (a.folder != b.folder) return a.folder;
        return a.name < b.name;
    });
}

std::optional<fs::path> FilePicker::draw() {
    if (!shown_) return std::nullopt;
    const char* title = tr(mode_ == Mode::Open ? Str::PickerOpenTitle : Str::PickerSaveTitle);
    std::string popupId = std::string(title) + "###file_picker";
    if (openRequested_) {
        ImGui::OpenPopup(popupId.c_str());
        openRequested_ = false;
    }
    float em = ImGui::GetFontSize();
    // Never larger than the window, at any font scale (26 lines of a scale-2 font are taller than 720
    // pixels), and kept in its middle when the window shrinks.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 room(std::max(em * 12, viewport->Size.x - em), std::max(em * 10, viewport->Size.y - em));
    ImGui::SetNextWindowSize(ImVec2(std::min(36 * em, room.x), std::min(26 * em, room.y)), ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2(em * 12, em * 10), room);
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    std::optional<fs::path> chosen;
    bool keepOpen = true;
    if (!ImGui::BeginPopupModal(popupId.c_str(), &keepOpen)) {
        if (!keepOpen) shown_ = false;
        return std::nullopt;
    }
    if (ImGui::Button(tr(Str::PickerUp)) && folder_.has_parent_path() && folder_ != folder_.root_path()) {
        folder_ = folder_.parent_path();
        list();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##folder", &folderText_, ImGuiInputTextFlags_EnterReturnsTrue)) {
        std::error_code ec;
        if (fs::is_directory(folderText_, ec)) {
            folder_ = fs::absolute(folderText_, ec).lexically_normal();
        }
        list();
    }
    if (checkboxWrapped(tr(Str::PickerJsonOnly), &jsonOnly_)) list();

    float footer = ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##files", ImVec2(0, -footer), true);
    if (!listError_.empty()) ImGui::TextWrapped(tr(Str::PickerCannotList), listError_.c_str());
    for (const Item& item : items_) {
        std::string label = item.folder ? "[" + item.name + "]" : item.name;
        bool selected = !item.folder && item.name == fileName_;
        if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
            if (item.folder) {
                folder_ /= item.name;
                list();
                break;
            }
            fileName_ = item.name;
            if (ImGui::IsMouseDoubleClicked(0)) chosen = folder_ / fileName_;
        }
    }
    ImGui::EndChild();

    ImGui::TextUnformatted(tr(Str::PickerFileName));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (focusName_) {
        ImGui::SetKeyboardFocusHere();
        focusName_ = false;
    }
    bool enter = ImGui::InputText("##name", &fileName_, ImGuiInputTextFlags_EnterReturnsTrue);
    bool ok = ImGui::Button(tr(mode_ == Mode::Open ? Str::PickerOpen : Str::PickerSave)) || enter;
    okRect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    rect_ = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
             ImGui::GetWindowPos().y + ImGui::GetWindowSize().y};
    if (ok && !fileName_.empty()) {
        fs::path file = fs::path(fileName_).is_absolute() ? fs::path(fileName_) : folder_ / fileName_;
        if (mode_ == Mode::Save && file.extension().empty()) file += ".json";
        chosen = file;
    }
    ImGui::SameLine();
    if (ImGui::Button(tr(Str::PickerCancel)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        shown_ = false;
        ImGui::CloseCurrentPopup();
    }
    if (chosen) {
        shown_ = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
    return chosen;
}

}  // namespace aoilab::app
