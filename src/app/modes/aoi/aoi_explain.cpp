#include "app/modes/aoi/aoi_explain.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "aoi/quadtree.h"
#include "aoi/tower.h"
#include "app/modes/aoi/aoi_checks.h"
#include "core/plural.h"

namespace aoilab::app {
namespace {

std::string say(Language language, Str id, ...) {
    char buffer[1024];
    va_list args;
    va_start(args, id);
    std::vsnprintf(buffer, sizeof buffer, tr(id, language), args);
    va_end(args);
    return language == Language::English ? agreeWithCounts(buffer) : std::string(buffer);  // "1 node"
}

int asInt(std::uint64_t value) { return static_cast<int>(std::min<std::uint64_t>(value, 2'000'000'000)); }

// A position or radius as the sentences show it (%g): two decimals at most, so a walker's step reads
// "(2843.91, 396.46)", not "(2843.91, 396.458)"; whole numbers stay whole ("(3, 1)").
double shown(double value) { return std::isfinite(value) ? std::round(value * 100) / 100 : value; }

std::string labelOf(const AoiSession& session, const AoiStepInfo& info) {
    if (info.before && !info.before->name.empty()) return info.before->name;
    if (!info.operation.entity.name.empty()) return info.operation.entity.name;
    return entityLabel(session, info.operation.entity.id);
}

int cellOf(double coordinate, double size, int count) {
    int cell = static_cast<int>(std::floor(coordinate / size));
    return std::clamp(cell, 0, std::max(0, count - 1));
}

// "a, b, c" (or "a、b、c"), with "..." when more were passed than kept.
std::string joinNames(const AoiSession& session, const std::vector<EntityId>& ids, std::size_t total, Language lang) {
    if (ids.empty()) return tr(Str::ListsNone, lang);
    const char* separator = lang == Language::Chinese ? "、" : ", ";
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? separator : "") + entityLabel(session, ids[i]);
    if (total > ids.size()) out += separator + std::string("...");
    return out;
}

// How one axis placed the entity's node, and what the other insertion would have read.
void explainRelinkAxis(const AoiSession& session, const CrossListAoi::AxisRelink& axis, char name, Language lang,
                       std::vector<std::string>& out) {
    std::string axisName(1, name);
    std::string stop = axis.stopId < 0 ? tr(Str::ExplainListEnd, lang) : entityLabel(session, axis.stopId);
    const char* nodes = tr(axis.passed == 1 ? Str::WordNode : Str::WordNodes, lang);
    switch (axis.way) {
        case AxisList::Placement::FromHead: {
            std::string passed = joinNames(session, axis.passedIds, static_cast<std::size_t>(axis.passed), lang);
            out.push_back(say(lang, Str::ExplainInsertHead, axisName.c_str(), passed.c_str(), axis.passed, nodes,
                              stop.c_str(), axis.cost.nodes));
            out.push_back(say(lang, Str::ExplainInsertOtherIndex, axis.otherWay.buckets, axis.otherWay.nodes,
                              axis.cost.nodes));
            break;
        }
        case AxisList::Placement::BucketIndex:
            out.push_back(say(lang, Str::ExplainInsertIndex, axisName.c_str(), stop.c_str(), axis.cost.buckets,
                              axis.cost.nodes));
            out.push_back(say(lang, Str::ExplainInsertOtherHead, axis.otherWay.nodes, axis.cost.nodes, axis.cost.buckets));
            break;
        case AxisList::Placement::Neighbours:
            out.push_back(say(lang, Str::ExplainInsertNeighbours, axisName.c_str(), stop.c_str(), axis.cost.nodes));
            out.push_back(say(lang, Str::ExplainInsertOtherHead, axis.otherWay.nodes, axis.cost.nodes, axis.cost.buckets));
            break;
    }
}

void explainCrossList(const CrossListAoi& list, const AoiSession& session, const AoiStepInfo& info,
                      const AoiCounters& counters, Language lang, std::vector<std::string>& out) {
    if (info.operation.kind == OpKind::Add || info.operation.kind == OpKind::Move) {
        explainRelinkAxis(session, list.lastRelink().x, 'x', lang, out);
        explainRelinkAxis(session, list.lastRelink().y, 'y', lang, out);
    }
    for (const CrossListAoi::Walk& walk : list.lastWalks()) {
        std::string axis(1, walk.axis);
        const char* nodes = tr(walk.nodes == 1 ? Str::WordNode : Str::WordNodes, lang);
        if (!walk.stopped) {
            out.push_back(say(lang, walk.direction > 0 ? Str::ExplainWalkEndRight : Str::ExplainWalkEndLeft,
                              walk.nodes, nodes, axis.c_str(), walk.reach, walk.originKey));
        } else if (walk.direction > 0) {
            out.push_back(say(lang, Str::ExplainWalkRight, walk.nodes, nodes, axis.c_str(), axis.c_str(), walk.stopKey,
                              walk.stopKey, walk.originKey, walk.reach));
        } else {
            out.push_back(say(lang, Str::ExplainWalkLeft, walk.nodes, nodes, axis.c_str(), axis.c_str(), walk.stopKey,
                              walk.originKey, walk.stopKey, walk.reach));
        }
    }
    if (!list.lastWalks().empty()) {
        int candidates = 0;
        for (const CrossListAoi::Visit& visit : list.lastVisits()) candidates += visit.inRangeX && visit.inRangeY;
        out.push_back(say(lang, Str::ExplainCandidates, candidates, list.lastWalks().front().reach,
                          asInt(counters.events)));
    }
    const CrossListAoi::Costs& costs = list.lastCosts();
    out.push_back(say(lang, Str::ExplainListCosts, asInt(costs.relinkNodes), asInt(costs.walkNodes),
                      asInt(costs.bucketsProbed), asInt(counters.distanceChecks)));
}

void explainGrid(const GridAoi& grid, const AoiSession& session, const AoiStepInfo& info,
                 const AoiCounters& counters, Language lang, std::vector<std::string>& out) {
    std::vector<GridScannedCell> cells;
    grid.lastScannedCells(cells);
    int checks = asInt(counters.distanceChecks), events = asInt(counters.events);
    const ScriptOp& op = info.operation;
    if (op.kind == OpKind::Tick) {
        out.push_back(say(lang, Str::ExplainGridTick, static_cast<int>(session.tick()), static_cast<int>(cells.size()),
                          events));
        return;
    }
    double size = grid.cellSize();
    const Entity& e = op.entity;
    int column = cellOf(e.x, size, grid.columns()), row = cellOf(e.y, size, grid.rows());
    if (op.kind == OpKind::Move && info.before) {
        int entered = 0, left = 0, kept = 0;
        for (const GridScannedCell& c : cells) {
            entered += c.cellClass == GridCellClass::Entered;
            left += c.cellClass == GridCellClass::Left;
            kept += c.cellClass == GridCellClass::Kept;
        }
        int oldColumn = cellOf(info.before->x, size, grid.columns()), oldRow = cellOf(info.before->y, size, grid.rows());
        if (entered == 0 && left == 0)
            out.push_back(say(lang, Str::ExplainGridSameCells, column, row, kept, checks, events));
        else
            out.push_back(say(lang, Str::ExplainGridMove, oldColumn, oldRow, column, row, entered, left, kept, checks,
                              events));
    } else if (!cells.empty()) {
        int x0 = cells.front().column, x1 = x0, y0 = cells.front().row, y1 = y0;
        for (const GridScannedCell& c : cells) {
            x0 = std::min(x0, c.column), x1 = std::max(x1, c.column);
            y0 = std::min(y0, c.row), y1 = std::max(y1, c.row);
        }
        out.push_back(say(lang, Str::ExplainGridScan, static_cast<int>(cells.size()), x1 - x0 + 1, y1 - y0 + 1, column,
                          row, grid.standardRadius(), checks, events));
    }
    if (op.kind != OpKind::Leave && grid.isSuperView(e.id)) {
        std::string label = labelOf(session, info);
        out.push_back(say(lang, Str::ExplainGridSuper, e.radius, grid.standardRadius(), label.c_str()));
        if (!grid.exact())
            out.push_back(say(lang, Str::ExplainGridLazy, session.config().tickInterval, static_cast<int>(session.tick())));
    }
}

void explainQuadtree(const QuadtreeAoi& tree, const AoiStepInfo& info, const AoiCounters& counters, Language lang,
                     std::vector<std::string>& out) {
    const auto& visited = tree.lastVisited();
    if (visited.empty()) return;
    int leaves = 0, depth = 0;
    for (const QuadtreeAoi::NodeInfo& node : visited) {
        leaves += node.leaf;
        depth = std::max(depth, node.depth);
    }
    const Entity& e = info.operation.entity;
    double reach = info.operation.kind == OpKind::Radius ? e.radius : tree.maxRadius();
    out.push_back(say(lang, Str::ExplainQuadtree, static_cast<int>(visited.size()), leaves, depth, reach, e.x, e.y,
                      asInt(counters.distanceChecks), asInt(counters.events)));
}

void explainTower(const TowerAoi& towers, const AoiSession& session, const AoiStepInfo& info,
                  const AoiCounters& counters, Language lang, std::vector<std::string>& out) {
    const Entity& e = info.operation.entity;
    double size = towers.towerSize();
    std::string label = labelOf(session, info);
    out.push_back(say(lang, Str::ExplainTower, label.c_str(), cellOf(e.x, size, towers.columns()),
                      cellOf(e.y, size, towers.rows()), e.radius, static_cast<int>(info.towersAfter.size()),
                      asInt(counters.visited), asInt(counters.distanceChecks), asInt(counters.events)));
    if (info.operation.kind == OpKind::Move && info.towersBefore != info.towersAfter) {
        int kept = 0;
        for (const auto& t : info.towersAfter)
            kept += std::find(info.towersBefore.begin(), info.towersBefore.end(), t) != info.towersBefore.end();
        out.push_back(say(lang, Str::ExplainTowerMove, static_cast<int>(info.towersBefore.size()) - kept,
                          static_cast<int>(info.towersAfter.size()) - kept, kept));
    }
}

// The article's three sets of a move, from the method's own events about the mover T: the old set (who
// saw T before), the new set (who sees T now), and the move set (both), with enter = new - old and
// leave = old - new.
void explainMoveSets(const AoiSession& session, const AoiSession::MethodRun& run, EntityId mover,
                     const std::string& label, Language lang, std::vector<std::string>& out) {
    std::vector<EntityId> entered, kept, left, oldSet, newSet;
    for (const AoiEvent& event : run.lastEvents) {
        if (event.target != mover) continue;
        if (event.type == AoiEventType::Enter) entered.push_back(event.watcher);
        if (event.type == AoiEventType::Move) kept.push_back(event.watcher);
        if (event.type == AoiEventType::Leave) left.push_back(event.watcher);
    }
    if (entered.empty() && kept.empty() && left.empty()) return;  // nobody saw or sees the mover
    oldSet = kept;
    oldSet.insert(oldSet.end(), left.begin(), left.end());
    newSet = kept;
    newSet.insert(newSet.end(), entered.begin(), entered.end());
    for (auto* set : {&entered, &kept, &left, &oldSet, &newSet}) std::sort(set->begin(), set->end());
    auto names = [&](const std::vector<EntityId>& ids) { return joinNames(session, ids, ids.size(), lang); };
    out.push_back(say(lang, Str::ExplainMoveSets, label.c_str(), names(oldSet).c_str(), names(newSet).c_str(),
                      names(kept).c_str(), names(entered).c_str(), names(left).c_str()));
}

}  // namespace

Str eventTypeName(AoiEventType type) {
    switch (type) {
        case AoiEventType::Enter: return Str::EventsEnter;
        case AoiEventType::Move: return Str::EventsMove;
        case AoiEventType::Leave: return Str::EventsLeave;
    }
    return Str::EventsMove;
}

const char* methodTitle(const std::string& name, Language language) {
    if (name == "brute") return tr(Str::MethodBrute, language);
    if (name == "crosslist") return tr(Str::MethodCrossList, language);
    if (name == "grid") return tr(Str::MethodGrid, language);
    if (name == "quadtree") return tr(Str::MethodQuadtree, language);
    if (name == "tower") return tr(Str::MethodTower, language);
    return name.c_str();
}

std::string operationName(const AoiStepInfo& info, Language lang) {
    if (info.scriptNumber == 0) return tr(Str::OpEdit, lang);
    return say(lang, Str::OpNumber, static_cast<int>(info.scriptNumber), static_cast<int>(info.scriptLength));
}

std::string explainOperation(const AoiSession& session, const AoiStepInfo& info, Language lang) {
    const ScriptOp& op = info.operation;
    const Entity& e = op.entity;
    std::string name = operationName(info, lang);
    const char* index = name.c_str();
    std::string label = labelOf(session, info);
    switch (op.kind) {
        case OpKind::Add: return say(lang, Str::OpAdd, index, label.c_str(), shown(e.x), shown(e.y), shown(e.radius));
        case OpKind::Move: {
            Vec2 from = info.before ? Vec2{info.before->x, info.before->y} : Vec2{e.x, e.y};
            return say(lang, Str::OpMove, index, label.c_str(), shown(from.x), shown(from.y), shown(e.x), shown(e.y));
        }
        case OpKind::Radius:
            return say(lang, Str::OpRadius, index, label.c_str(), shown(info.before ? info.before->radius : e.radius), shown(e.radius));
        case OpKind::Leave: return say(lang, Str::OpLeave, index, label.c_str());
        case OpKind::Tick: return say(lang, Str::OpTick, index, static_cast<int>(session.tick()));
    }
    return {};
}

std::vector<std::string> explainMethod(const AoiSession& session, const AoiStepInfo& info, int method, Language lang) {
    std::vector<std::string> out;
    if (method < 0 || method >= static_cast<int>(session.methods().size())) return out;
    const AoiSession::MethodRun& run = session.methods()[static_cast<std::size_t>(method)];
    const AoiCounters& counters = run.system->lastOperation();
    const char* title = methodTitle(run.name, lang);
    std::string label = labelOf(session, info);
    if (info.operation.kind == OpKind::Leave) {
        int told = 0;
        for (const AoiEvent& event : run.lastEvents) told += event.type == AoiEventType::Leave;
        if (!run.system->storesRelations()) {
            out.push_back(say(lang, Str::ExplainLeaveSearch, label.c_str(), label.c_str(), told, asInt(counters.visited),
                              asInt(counters.distanceChecks)));
        } else {
            out.push_back(say(lang, run.name == "crosslist" ? Str::ExplainLeaveList : Str::ExplainLeaveSet, label.c_str(),
                              told, asInt(counters.visited), asInt(counters.distanceChecks)));
        }
    } else if (run.name == "brute") {
        if (info.operation.kind != OpKind::Tick)
            out.push_back(say(lang, Str::ExplainBrute, asInt(counters.distanceChecks), asInt(counters.events)));
    } else if (const auto* list = dynamic_cast<const CrossListAoi*>(run.system.get())) {
        explainCrossList(*list, session, info, counters, lang, out);
    } else if (const auto* grid = dynamic_cast<const GridAoi*>(run.system.get())) {
        explainGrid(*grid, session, info, counters, lang, out);
    } else if (const auto* tree = dynamic_cast<const QuadtreeAoi*>(run.system.get())) {
        explainQuadtree(*tree, info, counters, lang, out);
    } else if (const auto* towers = dynamic_cast<const TowerAoi*>(run.system.get())) {
        if (info.operation.kind != OpKind::Tick) explainTower(*towers, session, info, counters, lang, out);
    }
    if (out.empty()) out.push_back(say(lang, Str::ExplainNothing, title));
    int counts[3] = {0, 0, 0};
    for (const AoiEvent& event : run.lastEvents) ++counts[static_cast<int>(event.type)];
    out.push_back(say(lang, Str::ExplainEvents, counts[0], counts[1], counts[2]));
    if (info.operation.kind == OpKind::Move) explainMoveSets(session, run, info.operation.entity.id, label, lang, out);
    // Expected lag (the lazy super-view, aoi_checks.h) is not a disagreement.
    if (!run.agreesLast && realEventDifferences(session, 0, method) > 0) out.push_back(say(lang, Str::ExplainDisagree, title));
    return out;
}

std::string listNodeValue(double value) {
    char text[32];
    double rounded = shown(value);
    std::snprintf(text, sizeof text, "%g", rounded == 0 ? 0.0 : rounded);  // never "-0"
    return text;
}

int listNodeDecimals(double value) {
    const double cents = std::abs(std::round(value * 100));
    return std::fmod(cents, 100) == 0 ? 0 : std::fmod(cents, 10) == 0 ? 1 : 2;
}

std::string widestListNodeValue(double lo, double hi, int decimals, char digit) {
    // listNodeValue() prints with %g: six significant digits, an exponent from 999,999.5 on.
    const double low = shown(lo), high = shown(hi);
    const double largest = std::min(std::max(std::abs(low), std::abs(high)), 1e300);  // never infinite
    std::string text = low < 0 ? "-" : "";
    if (!(largest < 999999.5)) {  // "1.23457e+06" at its longest: every mantissa digit shown
        char scientific[32];
        std::snprintf(scientific, sizeof scientific, "%.5e", largest);
        for (char* c = scientific; *c; ++c)
            if (*c >= '0' && *c <= '9') *c = digit;
        return text + scientific;
    }
    char whole[16];
    std::snprintf(whole, sizeof whole, "%.0f", std::floor(largest));
    const int wholeDigits = static_cast<int>(std::strlen(whole));
    // A value with a shorter whole part may show more decimals, up to six digits in all.
    const int digits = wholeDigits >= 6 ? wholeDigits : std::min(wholeDigits + std::clamp(decimals, 0, 2), 6);
    return text + std::string(static_cast<std::size_t>(digits), digit) + (decimals > 0 ? "." : "");
}

std::string describePending(const AoiSession& session, const ScriptOp& op, Language lang) {
    const Entity& e = op.entity;
    std::string label = e.name.empty() ? entityLabel(session, e.id) : e.name;
    switch (op.kind) {
        case OpKind::Add: return say(lang, Str::PendingAdd, label.c_str(), shown(e.x), shown(e.y), shown(e.radius));
        case OpKind::Move: return say(lang, Str::PendingMove, label.c_str(), shown(e.x), shown(e.y));
        case OpKind::Radius: return say(lang, Str::PendingRadius, label.c_str(), shown(e.radius));
        case OpKind::Leave: return say(lang, Str::PendingLeave, label.c_str());
        case OpKind::Tick: return tr(Str::PendingTick, lang);
    }
    return {};
}

}  // namespace aoilab::app
