#pragma once
// A small modal file picker over std::filesystem (ImGui has none): folders to walk, .json files to pick,
// a file name field for saving.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace aoilab::app {

class FilePicker {
public:
    enum class Mode { Open, Save };

    void show(Mode mode, const std::filesystem::path& folder, const std::string& fileName = "");
    bool isShown() const { return shown_; }
    Mode mode() const { return mode_; }
    // Draws the modal while shown; returns the chosen file once, on the frame it was chosen.
    std::optional<std::filesystem::path> draw();
    // Where the modal and its Open/Save button were drawn last (window pixels: x0, y0, x1, y1), for --dump-ui.
    const std::array<float, 4>& rect() const { return rect_; }
    const std::array<float, 4>& okRect() const { return okRect_; }

private:
    void list();

    struct Item {
        std::string name;
        bool folder = false;
    };
    bool shown_ = false;
    bool openRequested_ = false;
    bool focusName_ = false;  // the file name field takes the keyboard when the picker appears
    bool jsonOnly_ = true;
    Mode mode_ = Mode::Open;
    std::filesystem::path folder_;
    std::string folderText_;
    std::string fileName_;
    std::vector<Item> items_;
    std::string listError_;
    std::array<float, 4> rect_{};
    std::array<float, 4> okRect_{};
};

}  // namespace aoilab::app
