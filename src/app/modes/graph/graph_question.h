#pragma once
// What a graph exercise asks before each step, and the answer a step gives, as the text the learner's
// guess is compared with (app/exercise.h compares texts). UI-free.
//   settled: which vertex the step settles ("D")
//   labels:  which vertices' distance labels the step lowers, by id, sorted ("B, F"; "" for none)
#include <string>
#include <string_view>
#include <vector>

#include "path/graph.h"
#include "path/graph_search.h"

namespace aoilab::app {

enum class GraphQuestion { Settled, Labels };

// From the scenario's "question" key ("" or "settled", "labels").
GraphQuestion graphQuestionFromKey(std::string_view key);
const char* graphQuestionKey(GraphQuestion question);

// The answer of one step (the step must have settled a vertex).
std::string graphStepAnswer(GraphQuestion question, const Graph& graph, const GraphSearchStep& step);

// A set of vertex ids as a labels guess or answer: sorted, each once, joined by ", ".
std::string vertexSetText(std::vector<std::string> ids);

// A labels guess with `id` added, or taken out when it was in (clicking a vertex again undoes it).
std::vector<std::string> toggledVertex(std::vector<std::string> ids, const std::string& id);

}  // namespace aoilab::app
