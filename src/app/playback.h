#pragma once
// The one timeline control every mode shares (VisuAlgo's playback keys; Box2D's pause and single step):
// Play/Pause (Space), step forward (Right or N), step back (Left), Home/End, speed (- / +) and a seek
// slider, driving whatever Timeline the active mode exposes. Playing, stepping and seeking are views of
// the document, never edits: they do not mark the file modified and Ctrl+Z never undoes them.
//
// advance() is display-free (unit tests drive it); handleKeys() and draw() use ImGui.
#include <cstddef>

namespace aoilab::app {

class Timeline;

class Playback {
public:
    // Steps per second the speed control offers (- and + move along this list).
    static constexpr double kSpeeds[] = {0.5, 1, 2, 2.5, 5, 10, 20, 50, 100, 200, 500, 1000, 5000};
    static constexpr std::size_t kSpeedCount = sizeof(kSpeeds) / sizeof(kSpeeds[0]);

    bool playing() const { return playing_; }
    void setPlaying(bool on);
    double speed() const { return kSpeeds[speedIndex_]; }
    std::size_t speedIndex() const { return speedIndex_; }
    void setSpeedIndex(std::size_t index);
    void faster() { setSpeedIndex(speedIndex_ + 1); }
    void slower() { setSpeedIndex(speedIndex_ == 0 ? 0 : speedIndex_ - 1); }

    // Moves the timeline by the steps due after dt seconds at the current speed (at most `maxSteps` a
    // call, so a slow frame cannot run away); stops at the end. Returns the steps taken.
    std::size_t advance(Timeline& timeline, double dt, std::size_t maxSteps = 100000);
    // Single steps and jumps (they pause playback, as a player does).
    void stepForward(Timeline& timeline);
    void stepBack(Timeline& timeline);
    void toStart(Timeline& timeline);
    void toEnd(Timeline& timeline);
    void seek(Timeline& timeline, std::size_t position);

    // Keys (Space, Right/N, Left, Home, End, -, +) when no text field has the keyboard.
    void handleKeys(Timeline& timeline);
    // The bar: buttons, the seek slider, "operation 3 of 12", the speed. Width from the current window.
    // The controls on one line; `reserveRight` pixels are left free after them (the mode's own buttons).
    // sliderOnOwnRow: the slider is left out here and drawn by drawSlider() on a row of its own.
    void draw(Timeline& timeline, float reserveRight = 0, bool sliderOnOwnRow = false);
    // The presentation layout's narrow bar: the five buttons alone, narrower, on the first row (the
    // mode's own buttons may follow), then drawSliderRow(): the slider and the speed as one button
    // ("2.5/s", a click opens - and +; the - and + keys as always).
    void drawCompactButtons(Timeline& timeline);
    void drawSliderRow(Timeline& timeline);
    // The seek slider alone, as wide as the rest of the line (the bar's second row).
    void drawSlider(Timeline& timeline);
    // A seek slider narrower than this many em is too short to aim at: it gets a row of its own.
    static constexpr float kMinSliderEm = 6.0f;
    // How the controls lay out in a bar `width` pixels wide (inside its padding) followed by `extras`
    // pixels of the mode's own buttons, at the current font: on one line with the slider when they leave
    // it kMinSliderEm; else the slider on a row of its own, and the speed (then the extras) on the next
    // line when the line is full. The widest speed is assumed, so the layout does not flip with it.
    struct Rows {
        int count = 1;             // rows of controls, the slider's own included
        bool sliderOwnRow = false;
    };
    static Rows rowsFor(float width, float extras);
    // The same for the compact bar: two rows, three when the mode's buttons do not fit after the five.
    static Rows compactRowsFor(float width, float extras);
    // Where the slider was drawn last (screen pixels; all zeros when it was not).
    struct Rect {
        float minX = 0, minY = 0, maxX = 0, maxY = 0;
    };
    const Rect& sliderRect() const { return sliderRect_; }
    bool sliderSeekable() const { return sliderSeekable_; }  // false: an empty timeline, drawn as a bare bar

private:
    bool playing_ = false;
    std::size_t speedIndex_ = 3;  // 2.5 steps a second: one every 0.4 s, time to read each step
    double clock_ = 0;            // fraction of a step carried between frames
    Rect sliderRect_;
    bool sliderSeekable_ = false;
    void slider(Timeline& timeline, float width);
};

}  // namespace aoilab::app
