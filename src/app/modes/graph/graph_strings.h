#pragma once
// The graph mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Graph to avoid clashes.
// clang-format off
#define AOILAB_GRAPH_STRINGS(X)                                                                         \
    X(GraphToolPredict, "Predict", "预测") \
    X(TipGraphToolPredict, "Exercise: click the vertex you think Dijkstra settles next (P), then step (Right) to reveal", "练习：单击你认为 Dijkstra 下一步会确定的顶点（P），然后前进一步（右方向键）揭晓") \
    X(GraphExercise, "Exercise: which vertex is settled next? Your guess: %s. Score %d of %d.", "练习：下一步确定哪个顶点？你的猜测：%s。得分 %d / %d。") \
    X(GraphExerciseLast, "Last step: you said %s, the search settled %s: %s", "上一步：你猜 %s，搜索确定了 %s：%s") \
    X(TipGraphToolPredictLabels, "Exercise: click each vertex whose distance label you think the next step lowers (P; click again to take it out), then step (Right) to reveal", "练习：单击你认为下一步会降低距离标签的每个顶点（P；再次单击可取消），然后前进一步（右方向键）揭晓") \
    X(GraphExerciseLabels, "Exercise: which distance labels does the next step lower? Your guess: %s. Score %d of %d.", "练习：下一步会降低哪些顶点的距离标签？你的猜测：%s。得分 %d / %d。") \
    X(GraphExerciseLabelsLast, "Last step: you said %s, the labels lowered: %s: %s", "上一步：你猜 %s，被降低的标签：%s：%s") \
    X(GraphNoLabelChanges, "no label changes", "没有标签改变") \
    X(GraphIntro, "The map-walk editor: place vertices, drag edges, then step Dijkstra and watch the role walk the path.", "地图行走编辑器：放置顶点、拖出边，然后逐步运行 Dijkstra，观看角色沿路径行走。") \
    X(GraphPanel, "Graph", "有向图")                                                                      \
    X(GraphPanelEdges, "Edge list", "边列表")                                                             \
    X(GraphPanelTable, "Lookup tables", "查找表")                                                         \
    X(GraphToolSelect, "Select", "选择")                                                                  \
    X(TipGraphToolSelect, "Select a vertex or an edge, drag a vertex (V)", "选择顶点或边，拖动顶点（V）") \
    X(GraphToolVertex, "Vertex", "顶点")                                                                  \
    X(TipGraphToolVertex, "Place a vertex where you click (A)", "在单击处放置顶点（A）")                 \
    X(GraphToolEdge, "Edge", "边")                                                                        \
    X(TipGraphToolEdge, "Drag from one vertex to another: a one-way edge weighted by its length, rounded (E); hold Shift or tick Two-way for both directions", "从一个顶点拖到另一个顶点：单向边，权重为长度取整（E）；按住 Shift 或勾选双向，得到两个方向") \
    X(GraphToolRole, "Role", "角色")                                                                      \
    X(TipGraphToolRole, "Place the role on a vertex: the search starts there (R)", "把角色放在一个顶点上：搜索从那里开始（R）") \
    X(GraphToolTarget, "Target", "目标")                                                                  \
    X(TipGraphToolTarget, "Pick the vertex the role walks to (T)", "选择角色要走到的顶点（T）")          \
    X(GraphAlgorithm, "Algorithm", "算法")                                                                \
    X(GraphAStar, "A* (straight-line heuristic)", "A*（直线启发）")                                       \
    X(GraphSource, "Role at", "角色位于")                                                                 \
    X(GraphTarget, "Target", "目标")                                                                      \
    X(GraphTwoWay, "Two-way edges", "双向边")                                                             \
    X(GraphWalkSpeed, "Walk at a speed", "按速度行走")                                                    \
    X(GraphWalkTime, "Walk within a time", "在限定时间内走完")                                            \
    X(GraphSpeed, "units a second", "单位/秒")                                                            \
    X(GraphSeconds, "seconds in all", "总秒数")                                                           \
    X(GraphSelectedVertex, "Vertex %s at (%.1f, %.1f)", "顶点 %s，位于 (%.1f, %.1f)")                     \
    X(GraphSelectedEdge, "Edge %s -> %s", "边 %s -> %s")                                                  \
    X(GraphWeight, "Weight", "权重")                                                                      \
    X(GraphDelete, "Delete", "删除")                                                                      \
    X(GraphColVertex, "Vertex", "顶点")                                                                   \
    X(GraphColDistance, "Distance", "距离")                                                               \
    X(GraphColParent, "Parent", "父节点")                                                                 \
    X(GraphColState, "State", "状态")                                                                     \
    X(GraphCompare, "Compare Dijkstra and A*", "比较 Dijkstra 与 A*") \
    X(GraphShowCopy, "Switch copy (C)", "切换副本（C）") \
    X(KeyGraphCopyDo, "Graph compared on a small canvas: the other algorithm's copy", "有向图在小画布上比较时：显示另一个算法的副本") \
    X(TipGraphShowCopy, "The canvas is too small for both copies at once (their crossings would merge, their labels be left out): one shows at a time. C or this button shows the other algorithm's copy: %s.", "画布太小，两份副本无法同时清楚显示（路口会挤成一团，标签会被省略）：一次显示一份。按 C 或此按钮显示另一个算法的副本：%s。") \
    X(TipGraphCompare, "Run the other algorithm on the same role and target, stepped on the same timeline and drawn on a copy of the graph: beside it, below it, or in its place (C) where the canvas is small.", "在相同的角色和目标上运行另一种算法，在同一时间轴上同步步进，并画在图的副本上：在右侧、下方，画布小时在原处轮流显示（C）。") \
    X(GraphColAlgorithm, "Algorithm", "算法") \
    X(GraphColSettled, "Settled now", "当前已确定") \
    X(GraphColSteps, "Steps to the end", "总步数") \
    X(GraphColPathVertices, "Path vertices", "路径顶点数") \
    X(GraphCompareRow, "%s: %d settled now, %d steps to the end, distance %s, %d path vertices", "%s：当前已确定 %d，总步数 %d，距离 %s，路径顶点数 %d") \
    X(GraphFromWaypoints, "Waypoints to graph", "航点转为图") \
    X(TipGraphFromWaypoints, "Open the maps workbench's flood-fill waypoints here for editing, with its map under them: one vertex per waypoint, each link two edges weighted by its length rounded as the article does.", "把地图表示工作台的泛洪航点图在此打开以便编辑，并把其地图铺在下面：每个航点一个顶点，每条连线两条边，权重为其长度按文章的方式取整。") \
    X(GraphFromWaypointsDone, "%d waypoints and %d edges from the map %s", "%d 个航点和 %d 条边，来自地图 %s") \
    X(GraphRemoveMap, "Remove the map", "移除地图") \
    X(GraphMapUnder, "Map under the graph: %s (%d x %d)", "图下的地图：%s（%d x %d）") \
    X(GraphLegendFree, "map: free ground", "地图：空地") \
    X(GraphLegendWall, "map: wall", "地图：墙") \
    X(GraphStateSettled, "settled", "已确定")                                                             \
    X(GraphStateOpen, "open", "待处理")                                                                   \
    X(GraphStateNone, "-", "-")                                                                           \
    X(GraphResult, "Distance %s: path %s", "距离 %s：路径 %s")                                            \
    X(GraphNoPath, "No path from %s to %s.", "从 %s 到 %s 没有路径。")                                    \
    X(GraphExport, "Save graph JSON", "保存图 JSON")                                                      \
    X(GraphExported, "Saved %s", "已保存 %s")                                                             \
    X(GraphApply, "Apply", "应用")                                                                        \
    X(TipGraphEdges, "One edge a line: FROM TO WEIGHT (a lone id is a vertex without edges; # starts a comment). Apply replaces the edges; a bad line is marked and nothing changes.", "每行一条边：起点 终点 权重（单独的 id 是没有边的顶点；# 开始注释）。应用会替换所有边；有错误的行会被标出，图不变。") \
    X(GraphEdgeLine, "line %d: %s", "第 %d 行：%s")                                                       \
    X(GraphTableMemory, "%d vertices: next-hop and cost tables, %s bytes, built in %.2f ms", "%d 个顶点：下一跳表和代价表，%s 字节，构建耗时 %.2f 毫秒") \
    X(GraphTableTooBig, "Lookup tables need %s bytes for %d vertices: more than the %s allowed.", "查找表需要 %s 字节（%d 个顶点）：超过允许的 %s。") \
    X(GraphTableNext, "Next hop (row: from, column: to)", "下一跳（行：起点，列：终点）")                \
    X(GraphTableCost, "Cost", "代价")                                                                     \
    X(GraphTablePath, "Read from the table: %s", "从表中读出：%s")                                        \
    X(GraphExplainStart, "%s from %s: %s has distance 0; every other vertex starts at infinity.", "%s 从 %s 开始：%s 的距离为 0；其他顶点都从无穷大开始。") \
    X(GraphExplainSettle, "Step %d: %s is the closest open vertex (distance %s): settled.", "第 %d 步：%s 是最近的待处理顶点（距离 %s）：确定。") \
    X(GraphExplainSettleAStar, "Step %d: %s has the least f = g + h of the open vertices, f = %s + %s = %s: settled.", "第 %d 步：%s 在待处理顶点中 f = g + h 最小，f = %s + %s = %s：确定。") \
    X(GraphExplainImproved, "%s: %s + %s = %s < %s, improved (parent %s).", "%s：%s + %s = %s < %s，改进（父节点 %s）。") \
    X(GraphExplainKept, "%s: %s + %s = %s >= %s, kept.", "%s：%s + %s = %s >= %s，保持不变。")         \
    X(GraphExplainClosed, "%s: already settled.", "%s：已确定。")                                        \
    X(GraphExplainDone, "The search is over: %s.", "搜索结束：%s。")                                      \
    X(GraphExplainWalk, "The role walks the path: %.1f of %.1f s.", "角色沿路径行走：%.1f / %.1f 秒。")  \
    X(GraphExplainArrived, "The role has arrived at %s.", "角色已到达 %s。")                              \
    X(GraphLegendSettled, "settled", "已确定")                                                            \
    X(GraphLegendOpen, "open (reached)", "待处理（已到达）")                                              \
    X(GraphLegendRelaxed, "edge relaxed by this step", "本步松弛的边")                                   \
    X(GraphLegendTree, "shortest-path tree", "最短路径树")                                                \
    X(GraphLegendPath, "path and role", "路径与角色")                                                     \
    X(GraphLegendSource, "role's start", "角色起点")                                                      \
    X(GraphLegendTarget, "target", "目标")                                                                \
    X(GraphStatusLine, "%s: %d vertices, %d edges | %s -> %s", "%s：%d 个顶点，%d 条边 | %s -> %s")      \
    X(GraphOpenFailed, "%s", "%s")                                                                      \
    X(GraphEditAddVertex, "add vertex %s", "添加顶点 %s")                                                 \
    X(GraphEditMoveVertex, "move vertex %s", "移动顶点 %s")                                               \
    X(GraphEditDeleteVertex, "delete vertex %s", "删除顶点 %s")                                           \
    X(GraphEditAddEdge, "add edge %s -> %s", "添加边 %s -> %s")                                          \
    X(GraphEditAddRoad, "add road %s - %s", "添加双向路 %s - %s")                                        \
    X(GraphEditWeight, "weight %s -> %s", "权重 %s -> %s")                                               \
    X(GraphEditDeleteEdge, "delete edge %s -> %s", "删除边 %s -> %s")                                    \
    X(GraphEditEdgeList, "edit the edge list", "编辑边列表")
// clang-format on
