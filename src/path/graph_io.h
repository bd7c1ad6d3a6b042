#pragma once
// Graph files.
// - Graph JSON (docs/FILE-FORMATS.md): {"vertices":[{"id":"A","x":1,"y":2}],"edges":[{"from":"A","to":"B","weight":7}]}.
//   Strict: unknown keys, duplicate ids or edges, edges to missing vertices and negative weights are
//   errors naming the file and the JSON path ("g.json: /edges/2/to: no vertex \"Q\"").
//   Ids may be strings or whole numbers (numbers become their decimal text); x and y default to 0.
// - The classic map-walk editor's XML (import, and export for round trips):
//   <Graph><Vertexes><Vertex Id="1" x="5" y="3"/>...</Vertexes>
//          <Edges><Edge StartVertexId="1" EndVertexId="2" Weight="7"/>...</Edges></Graph>
//   Element and attribute names are matched without regard to case ("vertex", "ID", "weight");
//   errors name the file, the line and the problem ("g.xml: line 7: <Edge>: ...").
// Saving is atomic: the text goes to a temporary file next to the target, which is then renamed.
#include <string>

#include <nlohmann/json.hpp>

#include "path/graph.h"

namespace aoilab {

Graph parseGraphJson(const std::string& text, const std::string& sourceName);
Graph parseGraphXml(const std::string& text, const std::string& sourceName);

// Reads a graph file; JSON or XML is told by the first non-blank character ('<' = XML).
Graph loadGraphFile(const std::string& path);

nlohmann::json graphToJson(const Graph& graph);
std::string graphToXml(const Graph& graph);
void saveGraphJson(const Graph& graph, const std::string& path);
void saveGraphXml(const Graph& graph, const std::string& path);

// Small file and JSON helpers shared by the path module's readers, writers and CLI verbs.
namespace pathio {
// A number as JSON: whole values within 2^53 become integers (7, not 7.0); infinity becomes null.
nlohmann::json jsonNumber(double value);
// Reads a whole file; throws InputError naming the path when it cannot be read.
std::string readWholeFile(const std::string& path);
}  // namespace pathio

}  // namespace aoilab
