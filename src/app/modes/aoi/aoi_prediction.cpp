#include "app/modes/aoi/aoi_prediction.h"

namespace aoilab::app {

void AoiPrediction::setSubject(std::optional<EntityId> subject) {
    if (subject == subject_) return;
    subject_ = subject;
    marks_.clear();
}

void AoiPrediction::cycle(EntityId watcher) {
    if (!subject_ || watcher == *subject_) return;
    auto it = marks_.find(watcher);
    if (it == marks_.end()) marks_[watcher] = AoiEventType::Enter;
    else if (it->second == AoiEventType::Enter) it->second = AoiEventType::Move;
    else if (it->second == AoiEventType::Move) it->second = AoiEventType::Leave;
    else marks_.erase(it);
}

std::string AoiPrediction::describe(const std::map<EntityId, AoiEventType>& marks) {
    std::string out;
    for (const auto& [id, type] : marks) out += (out.empty() ? "" : ", ") + std::to_string(id) + " " + toString(type);
    return out;
}

std::map<EntityId, AoiEventType> AoiPrediction::toldAbout(const std::vector<AoiEvent>& events, EntityId subject) {
    std::map<EntityId, AoiEventType> told;
    for (const AoiEvent& e : events)
        if (e.target == subject && e.watcher != subject) told[e.watcher] = e.type;
    return told;
}

}  // namespace aoilab::app
