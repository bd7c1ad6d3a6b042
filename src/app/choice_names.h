#pragma once
// The names a class reads for the engine's ids in pickers ("astar" -> "A*", "no-corner-cutting" -> "No
// corner cutting"), in the UI language. The ids stay in files, flags and --dump-ui.
#include <string_view>

// X(id, English, Chinese), appended to the table in strings.h.
#define AOILAB_CHOICE_NAME_STRINGS(X)                                                           \
    X(ChoiceAStar, "A*", "A*")                                                                  \
    X(ChoiceDijkstra, "Dijkstra", "Dijkstra（迪杰斯特拉）")                                     \
    X(ChoiceGreedy, "Greedy best-first", "贪心最佳优先")                                        \
    X(ChoiceJps, "Jump point search (JPS)", "跳点搜索（JPS）")                                  \
    X(ChoiceBfs, "Breadth-first", "广度优先")                                                   \
    X(ChoiceOctile, "Octile", "八方向距离")                                                     \
    X(ChoiceEuclidean, "Euclidean", "欧几里得距离")                                             \
    X(ChoiceChebyshev, "Chebyshev", "切比雪夫距离")                                             \
    X(ChoiceManhattan, "Manhattan", "曼哈顿距离")                                               \
    X(ChoiceZero, "Zero (no heuristic)", "零（不用启发）")                                      \
    X(ChoiceNoCornerCutting, "No corner cutting", "不切角")                                     \
    X(ChoiceNever, "Never (four directions)", "从不（四方向）")                                 \
    X(ChoiceAtMostOne, "At most one wall beside", "最多一侧有墙")                               \
    X(ChoiceAlways, "Always", "总是")

namespace aoilab::app {

// The shown name of a search algorithm, heuristic or diagonal rule id; an unknown id is shown as it is.
const char* choiceName(std::string_view id);

}  // namespace aoilab::app
