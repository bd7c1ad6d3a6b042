#include "app/modes/graph/graph_question.h"

#include <algorithm>

namespace aoilab::app {

GraphQuestion graphQuestionFromKey(std::string_view key) {
    return key == "labels" ? GraphQuestion::Labels : GraphQuestion::Settled;
}

const char* graphQuestionKey(GraphQuestion question) {
    return question == GraphQuestion::Labels ? "labels" : "settled";
}

std::string graphStepAnswer(GraphQuestion question, const Graph& graph, const GraphSearchStep& step) {
    if (question == GraphQuestion::Settled) return graph.vertex(step.settled).id;
    // A relaxation is recorded only when it lowered its end vertex's label.
    std::vector<std::string> lowered;
    for (const EdgeRelaxation& r : step.relaxed) lowered.push_back(graph.vertex(r.to).id);
    return vertexSetText(std::move(lowered));
}

std::string vertexSetText(std::vector<std::string> ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::string text;
    for (const std::string& id : ids) text += (text.empty() ? "" : ", ") + id;
    return text;
}

std::vector<std::string> toggledVertex(std::vector<std::string> ids, const std::string& id) {
    auto it = std::find(ids.begin(), ids.end(), id);
    if (it != ids.end()) ids.erase(it);
    else ids.push_back(id);
    return ids;
}

}  // namespace aoilab::app
