#pragma once
// Scripted input by frame number (raylib's automation events, RecastDemo's test cases): a test replays
// mouse and keys exactly, with a fixed time step, so a run is deterministic.
//
//   # FRAME ACTION ARGS
//   10 move 400 300        mouse to a screen pixel
//   10 move_world 20 30    mouse to a world point, through the current view
//   11 move_by 50 -20      mouse by so many pixels from where it is
//   12 press left          (left, right, middle)
//   15 release left
//   16 wheel -1            wheel steps (positive zooms in)
//   17 resize 1024 700     the window to W x H screen pixels (as --size: 320..8192 x 240..8192)
//   18 font_scale 2        the font scale (as --font-scale: 0.5..4)
//   20 key ctrl+z          a key press and its release on the next frame ([ctrl+][shift+][alt+]NAME)
//   21 text grid.json      type these characters (the rest of the line) into the focused field
//   30 save out.json       save the scenario to this file
//   31 open file.json      open a scenario, as File > Open does
//   40 dump ui.json        write the UI state as JSON
//   41 screenshot a.png    save this frame as PNG
//   42 wait_ready          hold the script while long work runs on a worker thread (a large file
//                          opening, the AOI methods rebuilt on a large world or a long timeline
//                          replayed); the later events, and
//                          the end of a --frames run, come as many frames later
//   43 hold_work           from now on work on a worker thread pauses at its progress reports (after
//                          reporting), so the frames that follow see it under way on any machine
//   44 wait_held           hold the script while work runs and no worker has paused yet
//   45 release_work        let the paused work go on (wait_ready and quit let it go too: held work
//                          could never be ready)
//   50 quit
// Numbers are range-checked: pixels within +-100,000 (move, move_by), world points within +-1e9
// (move_world), wheel steps within +-100.
#include <filesystem>
#include <string>
#include <vector>

namespace aoilab::app {

struct ScriptEvent {
    enum class Kind {
        Move, MoveBy, MoveWorld, Press, Release, Wheel, Key, Text, Save, Open, Dump, Screenshot, Quit, Resize, FontScale,
        WaitReady, HoldWork, WaitHeld, ReleaseWork
    };
    int frame = 0;
    Kind kind = Kind::Move;
    float x = 0, y = 0;  // Move, MoveBy, MoveWorld; Wheel uses y; Resize: width, height; FontScale: x
    int button = 0;      // Press, Release: 0 left, 1 right, 2 middle
    int key = 0;         // Key: GLFW key code
    bool ctrl = false, shift = false, alt = false;
    std::string file;    // Save, Open, Dump, Screenshot; Text: the characters typed
    int line = 0;
};

// Throws InputError naming the file and line ("a.txt:3: unknown action \"jump\"").
std::vector<ScriptEvent> loadInputScript(const std::filesystem::path& file);
std::vector<ScriptEvent> parseInputScript(const std::string& text, const std::string& sourceName);

// GLFW key code for a name: "a".."z", "0".."9", "delete", "escape", "enter", "space", "f1".."f12",
// "left", "right", "up", "down", "backspace", "tab"; -1 when unknown.
int keyCodeFromName(const std::string& name);

}  // namespace aoilab::app
