#pragma once
// What an exercise's panel showed of its question and of its answer controls this frame, inside the
// panel's visible area (a tab or a tile scrolls: a question cut by its bottom edge, or a "Nobody" button
// scrolled out of view, cannot be answered from the back row). For --dump-ui ("exercise_shown").
#include <nlohmann/json.hpp>

namespace aoilab::app {

class ExerciseShown {
public:
    void beginFrame();  // before the panel draws its exercise: forget the last frame's
    void beginQuestion();  // before the question's text items
    void endQuestion();    // after the question's last text item
    void control();        // after each answer control (the last item drawn)
    nlohmann::json dump() const;

private:
    float questionTop_ = 0;
    int questionLines_ = 0, questionLinesVisible_ = 0;
    int controls_ = 0, controlsVisible_ = 0;
};

}  // namespace aoilab::app
