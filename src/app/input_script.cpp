#include "app/input_script.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/limits.h"

namespace aoilab::app {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

int buttonFromName(const std::string& name) {
    if (name == "left") return 0;
    if (name == "right") return 1;
    if (name == "middle") return 2;
    return -1;
}

}  // namespace

int keyCodeFromName(const std::string& raw) {
    std::string name = lower(raw);
    if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'z') return GLFW_KEY_A + (name[0] - 'a');
    if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') return GLFW_KEY_0 + (name[0] - '0');
    if (name.size() >= 2 && name[0] == 'f' && std::all_of(name.begin() + 1, name.end(), ::isdigit)) {
        if (name.size() > 3) return -1;  // f1..f25 only: an enormous number is not a key
        int n = std::stoi(name.substr(1));
        if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
    }
    if (name == "delete") return GLFW_KEY_DELETE;
    if (name == "escape") return GLFW_KEY_ESCAPE;
    if (name == "enter") return GLFW_KEY_ENTER;
    if (name == "space") return GLFW_KEY_SPACE;
    if (name == "backspace") return GLFW_KEY_BACKSPACE;
    if (name == "tab") return GLFW_KEY_TAB;
    if (name == "left") return GLFW_KEY_LEFT;
    if (name == "right") return GLFW_KEY_RIGHT;
    if (name == "up") return GLFW_KEY_UP;
    if (name == "down") return GLFW_KEY_DOWN;
    if (name == "home") return GLFW_KEY_HOME;
    if (name == "end") return GLFW_KEY_END;
    if (name == "minus") return GLFW_KEY_MINUS;
    if (name == "plus" || name == "equal") return GLFW_KEY_EQUAL;  // '+' shares the '=' key
    return -1;
}

std::vector<ScriptEvent> parseInputScript(const std::string& text, const std::string& sourceName) {
    requireUtf8(text, sourceName);  // file names and typed text in it reach messages and the UI
    std::vector<ScriptEvent> events;
    std::istringstream lines(text);
    std::string line;
    int lineNo = 0;
    while (std::getline(lines, line)) {
        ++lineNo;
        auto where = [&](const std::string& problem) {
            return InputError(sourceName + ":" + std::to_string(lineNo) + ": " + problem);
        };
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream in(line);
        std::string frameText;
        if (!(in >> frameText)) continue;  // blank or comment
        ScriptEvent e;
        e.line = lineNo;
        try {
            std::size_t used = 0;
            e.frame = std::stoi(frameText, &used);
            // The range of --frames: a later frame would hold the run for days (docs/LIMITS.md).
            if (used != frameText.size() || e.frame < 0 || e.frame > 1'000'000) throw std::invalid_argument("frame");
        } catch (const std::exception&) {
            throw where("expected a frame number in [0, 1000000], got " + quotedBrief(frameText));
        }
        std::string action;
        if (!(in >> action)) throw where("missing action after the frame number");
        // A number in [min, max]; `whole`: an integer. The message gives the range.
        auto readNumber = [&](float& out, const char* what, double min, double max, bool whole = false) {
            std::string t;
            if (!(in >> t)) throw where(action + ": missing " + what);
            double value = 0;
            try {
                std::size_t used = 0;
                value = std::stod(t, &used);
                if (used != t.size() || !std::isfinite(value)) throw std::invalid_argument("num");
            } catch (const std::exception&) {
                throw where(action + ": " + what + " must be a number, got " + quotedBrief(t));
            }
            if (value < min || value > max || (whole && value != std::floor(value))) {
                std::ostringstream range;
                range << action << ": " << what << " must be " << (whole ? "a whole number" : "a number") << " in ["
                      << min << ", " << max << "], got " << quotedBrief(t);
                throw where(range.str());
            }
            out = static_cast<float>(value);
        };
        constexpr double kMaxPixels = 100000, kMaxWorld = 1e9, kMaxWheel = 100;
        auto readWord = [&](const char* what) {
            std::string t;
            if (!(in >> t)) throw where(action + ": missing " + what);
            return t;
        };
        if (action == "move" || action == "move_by" || action == "move_world") {
            e.kind = action == "move"      ? ScriptEvent::Kind::Move
                     : action == "move_by" ? ScriptEvent::Kind::MoveBy
                                           : ScriptEvent::Kind::MoveWorld;
            const double limit = e.kind == ScriptEvent::Kind::MoveWorld ? kMaxWorld : kMaxPixels;
            readNumber(e.x, "x", -limit, limit);
            readNumber(e.y, "y", -limit, limit);
        } else if (action == "press" || action == "release") {
            e.kind = action == "press" ? ScriptEvent::Kind::Press : ScriptEvent::Kind::Release;
            std::string b = readWord("button");
            e.button = buttonFromName(b);
            if (e.button < 0) throw where(action + ": expected left, right or middle, got " + quotedBrief(b));
        } else if (action == "wheel") {
            e.kind = ScriptEvent::Kind::Wheel;
            readNumber(e.y, "steps", -kMaxWheel, kMaxWheel);
        } else if (action == "resize") {
            e.kind = ScriptEvent::Kind::Resize;
            readNumber(e.x, "width", 320, 8192, true);  // the ranges of --size
            readNumber(e.y, "height", 240, 8192, true);
        } else if (action == "font_scale") {
            e.kind = ScriptEvent::Kind::FontScale;
            readNumber(e.x, "scale", 0.5, 4);  // the range of --font-scale
        } else if (action == "key") {
            e.kind = ScriptEvent::Kind::Key;
            std::string spec = lower(readWord("key name"));
            for (;;) {
                if (spec.rfind("ctrl+", 0) == 0) { e.ctrl = true; spec.erase(0, 5); }
                else if (spec.rfind("shift+", 0) == 0) { e.shift = true; spec.erase(0, 6); }
                else if (spec.rfind("alt+", 0) == 0) { e.alt = true; spec.erase(0, 4); }
                else break;
            }
            e.key = keyCodeFromName(spec);
            if (e.key < 0) throw where("key: unknown key name " + quotedBrief(spec));
        } else if (action == "text") {
            e.kind = ScriptEvent::Kind::Text;
            std::getline(in >> std::ws, e.file);
            while (!e.file.empty() && std::isspace(static_cast<unsigned char>(e.file.back()))) e.file.pop_back();
            if (e.file.empty()) throw where("text: missing the characters to type");
        } else if (action == "save" || action == "open" || action == "dump" || action == "screenshot") {
            e.kind = action == "save"   ? ScriptEvent::Kind::Save
                     : action == "open" ? ScriptEvent::Kind::Open
                     : action == "dump" ? ScriptEvent::Kind::Dump
                                        : ScriptEvent::Kind::Screenshot;
            e.file = readWord("file name");
        } else if (action == "quit") {
            e.kind = ScriptEvent::Kind::Quit;
        } else if (action == "wait_ready") {
            e.kind = ScriptEvent::Kind::WaitReady;
        } else if (action == "hold_work") {
            e.kind = ScriptEvent::Kind::HoldWork;
        } else if (action == "wait_held") {
            e.kind = ScriptEvent::Kind::WaitHeld;
        } else if (action == "release_work") {
            e.kind = ScriptEvent::Kind::ReleaseWork;
        } else {
            throw where("unknown action " + quotedBrief(action) + " (expected move, move_by, move_world, press, release, wheel, "
                        "resize, font_scale, key, text, save, open, wait_ready, hold_work, wait_held, release_work, dump, "
                        "screenshot or quit)");
        }
        std::string extra;
        if (in >> extra) throw where(action + ": unexpected " + quotedBrief(extra) + " at the end of the line");
        events.push_back(e);
    }
    // Stable: events of one frame keep their file order.
    std::stable_sort(events.begin(), events.end(),
                     [](const ScriptEvent& a, const ScriptEvent& b) { return a.frame < b.frame; });
    return events;
}

std::vector<ScriptEvent> loadInputScript(const std::filesystem::path& file) {
    // Directories, missing and oversized files are refused before reading (docs/LIMITS.md).
    return parseInputScript(readFileText(file, kMaxInputScriptBytes), file.string());
}

}  // namespace aoilab::app
