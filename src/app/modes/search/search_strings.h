#pragma once
// The search mode's part of the one string table (strings.h appends this list, so these ids live in the
// same Str enum and go through the same tr()). X(id, English, Chinese); strings with printf placeholders
// keep the same placeholders in the same order in both languages. Prefix ids with Search to avoid clashes.
// clang-format off
#define AOILAB_SEARCH_STRINGS(X)                                                                        \
    X(SearchToolPredict, "Predict", "预测") \
    X(TipSearchToolPredict, "Exercise: click the cell you think the search expands next (P), then step (Right) to reveal", "练习：单击你认为搜索下一步会扩展的格子（P），然后前进一步（右方向键）揭晓") \
    X(SearchExercise, "Exercise: which cell is expanded next? Your guess: %s. Score %d of %d.", "练习：下一步扩展哪个格子？你的猜测：%s。得分 %d / %d。") \
    X(SearchExerciseLast, "Last step: you said %s, the search expanded %s: %s", "上一步：你猜 %s，搜索扩展了 %s：%s") \
    X(SearchIntro, "A*, Dijkstra, best-first and JPS on a grid map, one expansion at a time. Drag the start (green) and the goal (red); press Space to play.", "在网格地图上逐次扩展地运行 A*、Dijkstra、最佳优先和 JPS。拖动起点（绿色）和终点（红色）；按空格播放。") \
    X(SearchPanelSettings, "Search", "搜索")                                                             \
    X(SearchPanelStats, "Search numbers", "搜索数据")                                                    \
    X(SearchRunA, "Run A", "运行 A")                                                                     \
    X(SearchRunB, "Run B", "运行 B")                                                                     \
    X(SearchAlgorithm, "Algorithm", "算法")                                                              \
    X(SearchHeuristic, "Heuristic", "启发函数")                                                          \
    X(SearchDiagonal, "Diagonal moves", "对角移动")                                                      \
    X(SearchWeight, "Weight W (f = g + W h)", "权重 W（f = g + W h）")                                   \
    X(SearchCompare, "Compare two", "比较两个")                                                          \
    X(TipSearchCompare, "Run a second configuration on the same query, stepped on the same timeline.", "在同一查询上运行第二种配置，在同一时间轴上同步步进。") \
    X(SearchSideBySide, "Side by side", "并排显示")                                                      \
    X(SearchArrows, "Came-from arrows", "来源箭头")                                                      \
    X(SearchField, "Distance field", "距离场")                                                           \
    X(TipSearchField, "Dijkstra from the goal over the whole map: every cell shaded by its distance to the goal, with an arrow to the next cell (the flow a crowd would follow).", "从终点在整张地图上运行 Dijkstra：每个格子按到终点的距离着色，并有指向下一格的箭头（人群会沿着走的流场）。") \
    X(SearchFieldCost, "Distance field: %d cells settled in %.2f ms", "距离场：%d 个格子，耗时 %.2f 毫秒") \
    X(SearchFieldCell, "(%d, %d): distance to the goal %.3f", "(%d, %d)：到终点的距离 %.3f")           \
    X(SearchFieldComputing, "Distance field: being computed.", "距离场：正在计算。")                    \
    X(SearchFieldTitle, "Computing the distance field", "正在计算距离场")                                \
    X(SearchFieldProgress, "Distance field of the %d x %d map: %s of at most %s cells settled", "%d x %d 地图的距离场：已确定 %s / 至多 %s 个格子") \
    X(SearchFieldKeeps, "The searches stay as they are; Cancel (Esc) turns the distance field off.", "搜索保持不变；取消（Esc）会关闭距离场。") \
    X(SearchLegendNear, "distance field: near the goal", "距离场：离终点近")                            \
    X(SearchLegendFar, "distance field: far", "距离场：远")                                              \
    X(SearchPaintWeight, "Weight to paint", "要绘制的权重")                                              \
    X(SearchPaintPending, "Painting a large map: the searches restart once, when the button is released.", \
      "正在大地图上绘制：松开按键时搜索才重新开始（一次）。")                                           \
    X(SearchQueryPending, "Moving the query on a very large map: the searches restart when the button is released.", \
      "正在超大地图上移动查询：松开按键时搜索才重新开始。")                                             \
    X(SearchRestartTitle, "Searching", "正在搜索")                                                     \
    X(SearchRestartRun, "The %d x %d map: %s, search %d of %d", "%d x %d 地图：%s，第 %d / %d 次搜索")  \
    X(SearchRestartOptimum, "The %d x %d map: the optimal length (A*), search %d of %d",               \
      "%d x %d 地图：最优长度（A*），第 %d / %d 次搜索")                                              \
    X(SearchRestartStepping, "The %d x %d map: stepping to the timeline's position", "%d x %d 地图：走到时间线的位置") \
    X(SearchRestartNote, "Each search runs the whole query in turn, on a worker thread. Cancel (Esc) stops at once, even inside a search; the searches then wait for Search again.", \
      "每个搜索依次在后台线程上运行整个查询。取消（Esc）立即停止，即使正在搜索中；之后搜索等待“重新搜索”。") \
    X(SearchRestartStopping, "Stopping...", "正在停止……")     \
    X(SearchRestarting, "Searching on a worker thread: the numbers come when the searches are done.",  \
      "正在后台线程上搜索：搜索完成后显示数字。")                                                      \
    X(SearchStopped, "The searches were cancelled: this map and query are not searched.",             \
      "搜索已取消：尚未在此地图和查询上搜索。")                                                        \
    X(SearchAgain, "Search again", "重新搜索")                                                         \
    X(SearchStatusStopped, "cancelled", "已取消")                                                      \
    X(SearchLesson, "Lessons", "课程")                                                                   \
    X(SearchLessonDijkstra, "Dijkstra vs A*", "Dijkstra 对比 A*")                                        \
    X(SearchLessonJps, "A* vs JPS", "A* 对比 JPS")                                                       \
    X(SearchLessonWeighted, "A* vs weighted A*", "A* 对比加权 A*")                                       \
    X(SearchLessonGreedy, "A* vs best-first", "A* 对比最佳优先")                                         \
    X(SearchRefused, "Refused: %s", "拒绝：%s")                                                          \
    X(SearchMap, "Map: %s, %d x %d", "地图：%s，%d x %d")                                                \
    X(SearchColExpanded, "Expanded", "已扩展")                                                           \
    X(SearchColOpen, "Open", "开放列表")                                                                 \
    X(SearchColClosed, "Closed", "关闭列表")                                                             \
    X(SearchColLength, "Path length", "路径长度")                                                        \
    X(SearchColRatio, "vs optimal", "与最优之比")                                                        \
    X(SearchColTime, "Query time", "查询耗时")                                                           \
    X(SearchColPrepare, "Map preparation", "地图预处理")                                                 \
    X(TipSearchPrepare, "Done once per map, before the first query and not counted in its time: the table of allowed moves, or for JPS the jump table.", "每张地图只做一次，在第一次查询之前，不计入查询耗时：可走方向表，JPS 则是跳点表。") \
    X(SearchColStatus, "Status", "状态")                                                                 \
    X(SearchOptimal, "Optimal length (A*, same diagonal rule): %.4g", "最优长度（A*，相同对角规则）：%.4g") \
    X(SearchNoOptimal, "No path exists between start and goal.", "起点和终点之间没有路径。")             \
    X(SearchStatusRunning, "searching", "搜索中")                                                        \
    X(SearchStatusFound, "found", "已找到")                                                              \
    X(SearchStatusNoPath, "no path", "无路径")                                                           \
    X(SearchLegendClosed, "closed (expanded)", "关闭（已扩展）")                                         \
    X(SearchLegendOpen, "open list (frontier)", "开放列表（边界）")                                      \
    X(SearchLegendCurrent, "expanded by this step", "本步扩展")                                          \
    X(SearchLegendScanned, "JPS: scanned by a jump", "JPS：跳跃扫过")                                    \
    X(SearchLegendPath, "path", "路径")                                                                  \
    X(SearchLegendStart, "start", "起点")                                                                \
    X(SearchLegendGoal, "goal", "终点")                                                                  \
    X(SearchLegendWall, "wall; darker ground costs more (1-9)", "墙；地面越暗代价越高（1-9）")          \
    X(SearchCellInfo, "(%d, %d): g %.3f, h %.3f, f %.3f; parent (%d, %d)", "(%d, %d)：g %.3f，h %.3f，f %.3f；父节点 (%d, %d)") \
    X(SearchCellWhen, "opened at expansion %d, closed at %d", "在第 %d 次扩展时打开，第 %d 次扩展时关闭") \
    X(SearchCellNotReached, "(%d, %d): not reached yet", "(%d, %d)：尚未到达")                            \
    X(SearchExplainStart, "%s: the start (%d, %d) is on the open list; the goal is (%d, %d).", "%s：起点 (%d, %d) 在开放列表中；终点是 (%d, %d)。") \
    X(SearchExplainStep, "%s expanded (%d, %d), the open cell with the least f = g + h: f = %.3f = g %.3f + h %.3f; opened %d, improved %d.", "%s 扩展了 (%d, %d)，即 f = g + h 最小的开放格子：f = %.3f = g %.3f + h %.3f；新打开 %d 个，改进 %d 个。") \
    X(SearchExplainStepWeighted, "%s expanded (%d, %d), the open cell with the least f = g + w x h: f = %.3f = g %.3f + %.3g x h %.3f; opened %d, improved %d.", "%s 扩展了 (%d, %d)，即 f = g + w x h 最小的开放格子：f = %.3f = g %.3f + %.3g x h %.3f；新打开 %d 个，改进 %d 个。") \
    X(SearchExplainStepJps, "%s expanded the jump point (%d, %d), the open one with the least f = g + h: f = %.3f = g %.3f + h %.3f; opened %d, improved %d.", "%s 扩展了跳点 (%d, %d)，即 f = g + h 最小的开放跳点：f = %.3f = g %.3f + h %.3f；新打开 %d 个，改进 %d 个。") \
    X(SearchExplainStepDijkstra, "%s expanded (%d, %d), the open cell with the least g (Dijkstra has no h): g = %.3f; opened %d, improved %d.", "%s 扩展了 (%d, %d)，即 g 最小的开放格子（Dijkstra 没有 h）：g = %.3f；新打开 %d 个，改进 %d 个。") \
    X(SearchExplainStepGreedy, "%s expanded (%d, %d), the open cell with the least h (best-first leaves g out): h = %.3f (g %.3f); opened %d, improved %d.", "%s 扩展了 (%d, %d)，即 h 最小的开放格子（最佳优先不计 g）：h = %.3f（g %.3f）；新打开 %d 个，改进 %d 个。") \
    X(SearchExplainStepBfs, "%s expanded (%d, %d), the oldest cell in its queue (first in, first out), %d moves from the start; opened %d.", "%s 扩展了 (%d, %d)，即队列中最早进入的格子（先进先出），离起点 %d 步；新打开 %d 个。") \
    X(SearchExplainFound, "%s reached the goal after %d expansions: path length %.4g.", "%s 在 %d 次扩展后到达终点：路径长度 %.4g。") \
    X(SearchExplainNoPath, "%s emptied its open list after %d expansions: no path.", "%s 在 %d 次扩展后开放列表为空：没有路径。") \
    X(SearchToolQuery, "Drag", "拖动")                                                        \
    X(TipSearchToolQuery, "Drag the start or the goal (Q); a click elsewhere moves the goal. The search runs again at once.", "拖动起点或终点（Q）；在其他地方单击移动终点。搜索立即重新运行。") \
    X(SearchToolWall, "Wall", "墙")                                                                      \
    X(TipSearchToolWall, "Paint walls (B)", "绘制墙（B）")                                               \
    X(SearchToolErase, "Erase", "擦除")                                                                  \
    X(TipSearchToolErase, "Erase walls and weights (E)", "擦除墙和权重（E）")                            \
    X(SearchToolWeight, "Weight", "权重")                                                                \
    X(TipSearchToolWeight, "Paint cell costs (W): the weight set in the Search panel", "绘制格子代价（W）：使用搜索面板中设置的权重") \
    X(SearchErrorMap, "%s", "%s")                                                                        \
    X(SearchEditWalls, "walls on %d cells", "在 %d 个格子上画墙") \
    X(SearchEditErase, "erase %d cells", "擦除 %d 个格子") \
    X(SearchEditWeights, "weights on %d cells", "在 %d 个格子上设置权重") \
    X(SearchEditQuery, "start (%d, %d), goal (%d, %d)", "起点 (%d, %d)，终点 (%d, %d)") \
    X(SearchStatusLine, "%s %d x %d | %s: %d expanded, %s", "%s %d x %d | %s：已扩展 %d，%s")               \
    X(SearchStatusWaiting, "%s %d x %d | %s: %s", "%s %d x %d | %s：%s")
// clang-format on
