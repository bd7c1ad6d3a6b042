// Writes a random but reproducible input script for the app (docs/TESTING.md, "the app never aborts on
// user input"): for FRAMES frames, clicks, drags, keys (every tool and workbench F1-F4, undo and redo,
// playback, the file shortcuts), wheel steps, typed text, window resizes and font scales, all drawn from
// SEED; at the end the document is saved and the UI dumped, then the app quits.
// Clicks keep out of the menu bar: a random File > Quit would end the run before its end (the window
// tests cover the menus).
//
//   app_script_generator SEED FRAMES WIDTH HEIGHT SAVE_FILE DUMP_FILE > fuzz.script
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

namespace {

class Generator {
public:
    Generator(std::uint64_t seed, int width, int height) : rng_(seed), width_(width), height_(height) {}

    // The script for frames 1 .. frames - 1 (frame 0 lets the first layout settle).
    void write(int frames, const std::string& saveFile, const std::string& dumpFile) {
        int frame = 1;
        const int end = frames - 2;
        while (frame < end) frame = step(frame, end);
        std::printf("%d save %s\n%d dump %s\n%d quit\n", end, saveFile.c_str(), end, dumpFile.c_str(), end + 1);
    }

private:
    int uniform(int lo, int hi) { return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1)); }
    template <std::size_t N> const char* pick(const std::array<const char*, N>& names) { return names[uniform(0, N - 1)]; }

    // Below the menu bar (about a font size and a half high, at the current font scale).
    int menuBar() const { return static_cast<int>(30 * fontScale_) + 8; }
    int randomX() { return uniform(0, width_ - 1); }
    int randomY() { return uniform(std::min(menuBar(), height_ - 1), height_ - 1); }

    // One action starting at `frame`; returns the next free frame.
    int step(int frame, int end) {
        const int roll = uniform(0, 99);
        if (roll < 30) {  // a click
            static constexpr std::array<const char*, 5> buttons{"left", "left", "left", "right", "middle"};
            const char* button = pick(buttons);
            std::printf("%d move %d %d\n%d press %s\n%d release %s\n", frame, randomX(), randomY(), frame + 1, button,
                        frame + 2, button);
            return frame + 3;
        }
        if (roll < 50) {  // a drag, one move a frame, kept inside the window below the menu bar
            int x = randomX(), y = randomY();
            std::printf("%d move %d %d\n%d press left\n", frame, x, y, frame + 1);
            frame += 2;
            for (int moves = uniform(2, 12); moves > 0 && frame < end; --moves, ++frame) {
                const int nx = std::clamp(x + uniform(-60, 60), 0, width_ - 1);
                const int ny = std::clamp(y + uniform(-60, 60), std::min(menuBar(), height_ - 1), height_ - 1);
                std::printf("%d move_by %d %d\n", frame, nx - x, ny - y);
                x = nx, y = ny;
            }
            std::printf("%d release left\n", frame);
            return frame + 1;
        }
        if (roll < 72) {  // a key: tools, workbenches, editing, playback, file shortcuts
            static constexpr std::array<const char*, 36> keys{
                "a", "b", "d", "e", "f", "g", "h", "n", "p", "q", "r", "t", "v", "w", "f1", "f2", "f3", "f4",
                "delete", "escape", "enter", "space", "backspace", "tab", "left", "right", "up", "down", "home", "end",
                "minus", "plus", "ctrl+z", "ctrl+y", "ctrl+shift+z", "ctrl+n"};
            static constexpr std::array<const char*, 3> rare{"ctrl+s", "ctrl+shift+s", "ctrl+o"};
            std::printf("%d key %s\n", frame, uniform(0, 19) == 0 ? pick(rare) : pick(keys));
            return frame + 2;
        }
        if (roll < 78) {  // wheel steps over the scene
            std::printf("%d move %d %d\n%d wheel %d\n", frame, randomX(), randomY(), frame + 1, uniform(-3, 3));
            return frame + 2;
        }
        if (roll < 82) {  // typing into whatever has the focus
            static constexpr std::array<const char*, 6> texts{"12", "-3.5", "abc", "1e9", "x.json", "\xe4\xb8\xad\xe6\x96\x87"};
            std::printf("%d text %s\n", frame, pick(texts));
            return frame + 1;
        }
        if (roll < 85) {  // the window resized, down to the smallest --size
            width_ = uniform(320, 1600);
            height_ = uniform(240, 1000);
            std::printf("%d resize %d %d\n", frame, width_, height_);
            return frame + 2;
        }
        if (roll < 88) {  // a font scale, up to the largest --font-scale
            static constexpr std::array<float, 8> scales{0.5f, 0.75f, 1, 1.25f, 1.5f, 2, 3, 4};
            fontScale_ = scales[uniform(0, scales.size() - 1)];
            std::printf("%d font_scale %g\n", frame, fontScale_);
            return frame + 2;
        }
        return frame + uniform(1, 20);  // idle frames: playback and animations run
    }

    std::mt19937_64 rng_;  // the same numbers on every platform for a seed
    int width_, height_;
    float fontScale_ = 1;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: app_script_generator SEED FRAMES WIDTH HEIGHT SAVE_FILE DUMP_FILE\n");
        return 2;
    }
    const int frames = std::stoi(argv[2]);
    if (frames < 10) {
        std::fprintf(stderr, "app_script_generator: FRAMES must be at least 10\n");
        return 2;
    }
    Generator(std::stoull(argv[1]), std::stoi(argv[3]), std::stoi(argv[4])).write(frames, argv[5], argv[6]);
    return 0;
}
