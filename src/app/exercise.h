#pragma once
// Predict, then reveal (class exercises): before a step the learner makes a guess (which cell the search
// expands next, which vertex Dijkstra settles next); the step reveals the engine's answer beside it and
// the score is kept. UI-free: a mode records guesses and answers, its panel shows them.
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace aoilab::app {

class Exercise {
public:
    struct Outcome {
        std::string guess, answer;
        bool right = false;
        bool counted = true;  // false: the step had been scored before (stepped back and guessed again)
    };
    bool active() const { return active_; }
    void start() { *this = Exercise(), active_ = true; }
    void stop() { active_ = false; }
    void guess(std::string what) {
        if (!active_) return;
        guess_ = std::move(what);
        revealed_ = false;
    }
    const std::optional<std::string>& pending() const { return guess_; }
    // A step ran and `answer` is what it did: a pending guess is scored and cleared; steps without a
    // guess are not counted. `step` names the step (the timeline position it reached): each step is
    // scored once, so stepping back and guessing again shows the outcome without counting it. A guess
    // equal to `answer` or to one of `alsoRight` (what the step could as well have taken: a tie in the
    // open list's key) is right.
    void reveal(const std::string& answer, std::size_t step, const std::vector<std::string>& alsoRight = {}) {
        if (!active_) return;
        revealed_ = true;
        if (!guess_) return;
        bool right = *guess_ == answer || std::find(alsoRight.begin(), alsoRight.end(), *guess_) != alsoRight.end();
        bool counted = scored_.insert(step).second;
        last_ = Outcome{*guess_, answer, right, counted};
        total_ += counted ? 1 : 0;
        correct_ += counted && right ? 1 : 0;
        guess_.reset();
    }
    int correct() const { return correct_; }
    int total() const { return total_; }
    const std::optional<Outcome>& last() const { return last_; }
    // The scenario's "hide_until_reveal" panels are hidden from the start and from each guess until a
    // step reveals the answer.
    bool revealed() const { return revealed_; }
    bool hides(const std::string& panelId, const std::vector<std::string>& hiddenUntilReveal) const {
        return active_ && !revealed_ &&
               std::find(hiddenUntilReveal.begin(), hiddenUntilReveal.end(), panelId) != hiddenUntilReveal.end();
    }

private:
    bool active_ = false;
    bool revealed_ = false;
    std::optional<std::string> guess_;
    std::optional<Outcome> last_;
    std::set<std::size_t> scored_;  // the steps scored so far
    int correct_ = 0, total_ = 0;
};

}  // namespace aoilab::app
