#include "path/graph_io.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <strings.h>
#include <unordered_map>

#include <tinyxml2.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/json_reader.h"
#include "core/number_text.h"
#include "core/limits.h"

namespace aoilab {

namespace pathio {

nlohmann::json jsonNumber(double value) {
    if (!std::isfinite(value)) return nullptr;
    constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
    if (value == std::floor(value) && std::fabs(value) <= kExactIntegers) return static_cast<long long>(value);
    return value;
}

std::string readWholeFile(const std::string& path) { return readFileText(path, kMaxGraphFileBytes); }

}  // namespace pathio

namespace {

constexpr std::size_t kMaxGraphItems = 10'000'000;
constexpr double kMaxWeight = 1e300;      // both formats: the sum of a long path stays finite
constexpr double kMaxCoordinate = 1e15;

// Shortest text that reads back as the same double (for XML attributes).
std::string shortestText(double value) { return shortestDoubleText(value); }

// An id given as a string or a whole number; reports anything else.
std::optional<std::string> readId(JsonReader& reader, const nlohmann::json& object, const std::string& path,
                                  const char* key) {
    auto it = object.find(key);
    std::string where = JsonReader::child(path, key);
    if (it == object.end()) {
        reader.problem(where, "missing (required)");
        return std::nullopt;
    }
    if (it->is_string()) {
        std::string id = it->get<std::string>();
        if (id.empty()) {
            reader.problem(where, "empty id");
            return std::nullopt;
        }
        return id;
    }
    if (it->is_number_integer()) return it->dump();
    reader.problem(where, "expected a string id, got " + JsonReader::describe(*it));
    return std::nullopt;
}

}  // namespace

Graph parseGraphJson(const std::string& text, const std::string& sourceName) {
    const JsonArrayBudget budgets[] = {{"/vertices", kMaxGraphItems}, {"/edges", kMaxGraphItems}};
    nlohmann::json document = parseJsonStrict(text, sourceName, budgets);
    JsonReader reader(sourceName);
    Graph graph;
    if (!reader.object(document, "", {"vertices", "edges"})) reader.throwIfProblems();
    if (!document.contains("vertices")) reader.problem("/vertices", "missing (required)");
    reader.throwIfProblems();

    const nlohmann::json& vertices = document["vertices"];
    if (reader.array(vertices, "/vertices", kMaxGraphItems)) {
        for (std::size_t i = 0; i < vertices.size(); ++i) {
            std::string path = JsonReader::child("/vertices", i);
            if (!reader.object(vertices[i], path, {"id", "x", "y"})) continue;
            auto id = readId(reader, vertices[i], path, "id");
            auto x = reader.number(vertices[i], path, "x", false, -kMaxCoordinate, kMaxCoordinate);
            auto y = reader.number(vertices[i], path, "y", false, -kMaxCoordinate, kMaxCoordinate);
            if (!id) continue;
            if (graph.contains(*id)) {
                reader.problem(JsonReader::child(path, "id"), "duplicate vertex id " + quotedBrief(*id) + " (first at /vertices/" +
                                                                  std::to_string(graph.indexOf(*id)) + ")");
                continue;
            }
            graph.addVertex(*id, {x.value_or(0), y.value_or(0)});
        }
    }
    // Vertex problems make edge messages misleading ("no vertex X" when X was just malformed).
    reader.throwIfProblems();

    auto edgesIt = document.find("edges");
    if (edgesIt != document.end() && reader.array(*edgesIt, "/edges", kMaxGraphItems)) {
        const nlohmann::json& edges = *edgesIt;
        for (std::size_t i = 0; i < edges.size(); ++i) {
            std::string path = JsonReader::child("/edges", i);
            if (!reader.object(edges[i], path, {"from", "to", "weight"})) continue;
            auto from = readId(reader, edges[i], path, "from");
            auto to = readId(reader, edges[i], path, "to");
            auto weight = reader.number(edges[i], path, "weight", true, 0, kMaxWeight);
            if (from && !graph.contains(*from)) {
                reader.problem(JsonReader::child(path, "from"), "no vertex " + quotedBrief(*from));
                from.reset();
            }
            if (to && !graph.contains(*to)) {
                reader.problem(JsonReader::child(path, "to"), "no vertex " + quotedBrief(*to));
                to.reset();
            }
            if (!from || !to || !weight) continue;
            VertexIndex a = graph.indexOf(*from);
            VertexIndex b = graph.indexOf(*to);
            if (graph.edgeWeight(a, b)) {
                reader.problem(path, "duplicate edge " + quotedBrief(*from) + " -> " + quotedBrief(*to));
                continue;
            }
            graph.addEdge(a, b, *weight);
        }
    }
    reader.throwIfProblems();
    return graph;
}

namespace {

bool sameName(const char* a, const char* b) { return a && b && ::strcasecmp(a, b) == 0; }

class XmlReader {
public:
    explicit XmlReader(std::string source) : source_(std::move(source)) {}

    [[noreturn]] void fail(const tinyxml2::XMLNode* node, const std::string& message) const {
        throw InputError(source_ + ": line " + std::to_string(node ? node->GetLineNum() : 0) + ": " + message);
    }

    // Attribute by name without regard to case; nullptr when absent.
    static const char* attribute(const tinyxml2::XMLElement* element, const char* name) {
        for (const tinyxml2::XMLAttribute* a = element->FirstAttribute(); a; a = a->Next())
            if (sameName(a->Name(), name)) return a->Value();
        return nullptr;
    }

    void onlyAttributes(const tinyxml2::XMLElement* element, std::initializer_list<const char*> allowed) const {
        for (const tinyxml2::XMLAttribute* a = element->FirstAttribute(); a; a = a->Next()) {
            bool known = false;
            for (const char* name : allowed) known = known || sameName(a->Name(), name);
            if (!known) {
                std::string list;
                for (const char* name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
                fail(element, "<" + std::string(element->Name()) + ">: unknown attribute " + quotedBrief(a->Name()) +
                                  " (expected " + list + ")");
            }
        }
    }

    std::string text(const tinyxml2::XMLElement* element, const char* name) const {
        const char* value = attribute(element, name);
        if (!value) fail(element, "<" + std::string(element->Name()) + ">: missing attribute " + name);
        std::string result = value;
        if (result.empty()) fail(element, "<" + std::string(element->Name()) + ">: attribute " + name + " is empty");
        // tinyxml2 keeps an unknown entity reference ("&foo;") as it is: refuse it, never an id "&foo;".
        for (std::size_t amp = result.find('&'); amp != std::string::npos; amp = result.find('&', amp + 1)) {
            std::size_t semi = result.find(';', amp);
            if (semi != std::string::npos && semi > amp + 1 &&
                result.find_first_not_of("#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", amp + 1) == semi)
                fail(element, "<" + std::string(element->Name()) + ">: " + name + " = " + quotedBrief(result) +
                                  " has an unknown entity reference " + briefText(result.substr(amp, semi - amp + 1)));
        }
        return result;
    }

    double number(const tinyxml2::XMLElement* element, const char* name) const {
        std::string value = text(element, name);
        char* end = nullptr;
        // Decimal only: strtod would also take hex ("0x1p3"), "inf" and "nan".
        if (value.find_first_not_of("0123456789+-.eE \t") != std::string::npos)
            fail(element, "<" + std::string(element->Name()) + ">: " + name + " = " + quotedBrief(value) + " is not a finite number (decimal digits only)");
        double parsed = std::strtod(value.c_str(), &end);
        while (end && (*end == ' ' || *end == '\t')) ++end;
        if (end == value.c_str() || *end != '\0' || !std::isfinite(parsed))
            fail(element, "<" + std::string(element->Name()) + ">: " + name + " = " + quotedBrief(value) + " is not a finite number");
        return parsed;
    }

private:
    std::string source_;
};

// tinyxml2 accepts a '<' inside an attribute value, which well-formed XML forbids (and which is how
// markup such as "<![CDATA[1]]>" would sneak into an id): the raw text is scanned for it first, skipping
// comments, CDATA sections, processing instructions and the DOCTYPE.
void refuseLessThanInAttributes(const std::string& text, const std::string& sourceName) {
    auto lineAt = [&](std::size_t at) { return 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'); };
    auto skipPast = [&](std::size_t from, const char* end) {
        std::size_t found = text.find(end, from);
        return found == std::string::npos ? text.size() : found + std::strlen(end);
    };
    std::size_t i = 0;
    while ((i = text.find('<', i)) != std::string::npos) {
        if (text.compare(i, 4, "<!--") == 0) i = skipPast(i + 4, "-->");
        else if (text.compare(i, 9, "<![CDATA[") == 0) i = skipPast(i + 9, "]]>");
        else if (text.compare(i, 2, "<?") == 0) i = skipPast(i + 2, "?>");
        else if (text.compare(i, 2, "<!") == 0) i = skipPast(i + 2, ">");
        else {
            // A tag: up to its '>', attribute values in quotes.
            char quote = 0;
            for (++i; i < text.size(); ++i) {
                char c = text[i];
                if (quote) {
                    if (c == quote) quote = 0;
                    else if (c == '<')
                        throw InputError(sourceName + ": line " + std::to_string(lineAt(i)) +
                                         ": XML syntax error: '<' inside an attribute value (write &lt;)");
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '>') {
                    break;
                }
            }
        }
    }
}

// A <Vertex> or <Edge> holds attributes only: an element, text or CDATA inside one is refused (comments
// are allowed anywhere).
void refuseContent(const tinyxml2::XMLElement* element, const XmlReader& reader) {
    for (const tinyxml2::XMLNode* node = element->FirstChild(); node; node = node->NextSibling()) {
        if (node->ToComment()) continue;
        if (const tinyxml2::XMLElement* inner = node->ToElement())
            reader.fail(inner, "unexpected <" + std::string(inner->Name()) + "> inside <" + element->Name() +
                                   "> (it holds attributes only)");
        const tinyxml2::XMLText* text = node->ToText();
        if (text && (text->CData() || std::string(text->Value()).find_first_not_of(" \t\r\n") != std::string::npos))
            reader.fail(node, std::string(text->CData() ? "CDATA" : "text") + " inside <" + element->Name() +
                                  "> (it holds attributes only)");
        if (!text) reader.fail(node, std::string("unexpected content inside <") + element->Name() + ">");
    }
}

// Ids are case sensitive ("a" and "A" are two vertices, as in the graph JSON), but element and attribute
// names are not: two ids that differ only in case are refused as the likely typing mistake they are.
std::string caseFolded(const std::string& id) {
    std::string folded = id;
    for (char& c : folded)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return folded;
}

}  // namespace

Graph parseGraphXml(const std::string& text, const std::string& sourceName) {
    requireUtf8(text, sourceName);
    refuseLessThanInAttributes(text, sourceName);
    tinyxml2::XMLDocument document;
    if (document.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS) {
        std::string detail = document.ErrorStr() ? document.ErrorStr() : "malformed XML";
        throw InputError(sourceName + ": line " + std::to_string(document.ErrorLineNum()) + ": XML syntax error: " +
                         printableText(detail.substr(0, 200)));
    }
    XmlReader reader(sourceName);
    const tinyxml2::XMLElement* root = document.RootElement();
    if (!root) throw InputError(sourceName + ": line 1: no <Graph> element");
    if (!sameName(root->Name(), "Graph"))
        reader.fail(root, "root element is <" + std::string(root->Name()) + ">, expected <Graph>");

    if (const tinyxml2::XMLElement* second = root->NextSiblingElement())
        reader.fail(second, "a second root element <" + std::string(second->Name()) + "> after <Graph>");
    // Text where only elements belong (the reader would otherwise skip it silently).
    auto noStrayText = [&](const tinyxml2::XMLElement* parent) {
        if (!parent) return;
        for (const tinyxml2::XMLNode* node = parent->FirstChild(); node; node = node->NextSibling()) {
            const tinyxml2::XMLText* textNode = node->ToText();
            if (textNode && std::string(textNode->Value()).find_first_not_of(" \t\r\n") != std::string::npos)
                throw InputError(sourceName + ": line " + std::to_string(node->GetLineNum()) + ": stray text \"" +
                                 std::string(textNode->Value()).substr(0, 40) + "\" in <" + parent->Name() + ">");
        }
    };
    noStrayText(root);
    Graph graph;
    const tinyxml2::XMLElement* vertexList = nullptr;
    const tinyxml2::XMLElement* edgeList = nullptr;
    for (const tinyxml2::XMLElement* child = root->FirstChildElement(); child; child = child->NextSiblingElement()) {
        const tinyxml2::XMLElement** slot = nullptr;
        if (sameName(child->Name(), "Vertexes") || sameName(child->Name(), "Vertices")) slot = &vertexList;
        else if (sameName(child->Name(), "Edges")) slot = &edgeList;
        else reader.fail(child, "unexpected <" + std::string(child->Name()) + "> in <Graph> (expected <Vertexes>, <Edges>)");
        if (*slot) reader.fail(child, "a second <" + std::string(child->Name()) + "> in <Graph>");
        *slot = child;
    }
    noStrayText(vertexList);
    noStrayText(edgeList);
    std::unordered_map<std::string, int> foldedIds;  // case-folded id -> its line
    if (vertexList) {
        for (const tinyxml2::XMLElement* v = vertexList->FirstChildElement(); v; v = v->NextSiblingElement()) {
            if (!sameName(v->Name(), "Vertex"))
                reader.fail(v, "unexpected <" + std::string(v->Name()) + "> in <Vertexes> (expected <Vertex>)");
            reader.onlyAttributes(v, {"Id", "x", "y"});
            refuseContent(v, reader);
            std::string id = reader.text(v, "Id");
            double x = reader.number(v, "x");
            double y = reader.number(v, "y");
            for (double c : {x, y})
                if (std::fabs(c) > kMaxCoordinate)
                    reader.fail(v, "<Vertex>: coordinate " + briefNumber(c) + " is out of range [-1e+15, 1e+15]");
            if (graph.contains(id)) reader.fail(v, "<Vertex>: duplicate Id " + quotedBrief(id));
            auto [folded, fresh] = foldedIds.emplace(caseFolded(id), v->GetLineNum());
            if (!fresh)
                reader.fail(v, "<Vertex>: Id " + quotedBrief(id) + " differs only in case from the Id on line " +
                                   std::to_string(folded->second) + " (ids are case sensitive: give them distinct names)");
            graph.addVertex(id, {x, y});
        }
    }
    if (edgeList) {
        for (const tinyxml2::XMLElement* e = edgeList->FirstChildElement(); e; e = e->NextSiblingElement()) {
            if (!sameName(e->Name(), "Edge"))
                reader.fail(e, "unexpected <" + std::string(e->Name()) + "> in <Edges> (expected <Edge>)");
            reader.onlyAttributes(e, {"StartVertexId", "EndVertexId", "Weight"});
            refuseContent(e, reader);
            std::string from = reader.text(e, "StartVertexId");
            std::string to = reader.text(e, "EndVertexId");
            double weight = reader.number(e, "Weight");
            if (weight > kMaxWeight)  // the graph JSON's range (docs/LIMITS.md); a negative one: checkAddEdge
                reader.fail(e, "<Edge>: Weight " + briefNumber(weight) + " is out of range [0, " + briefNumber(kMaxWeight) + "]");
            std::string name = "<Edge> " + quotedBrief(from) + " -> " + quotedBrief(to) + ": ";
            if (!graph.contains(from)) reader.fail(e, name + "no vertex " + quotedBrief(from));
            if (!graph.contains(to)) reader.fail(e, name + "no vertex " + quotedBrief(to));
            std::string problem = graph.checkAddEdge(graph.indexOf(from), graph.indexOf(to), weight);
            if (!problem.empty()) reader.fail(e, problem);
            graph.addEdge(graph.indexOf(from), graph.indexOf(to), weight);
        }
    }
    return graph;
}

Graph loadGraphFile(const std::string& path) {
    std::string text = pathio::readWholeFile(path);
    std::size_t first = text.find_first_not_of(" \t\r\n");
    // A UTF-8 byte order mark may precede either format.
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) first = text.find_first_not_of(" \t\r\n", 3);
    if (first != std::string::npos && text[first] == '<') return parseGraphXml(text, path);
    return parseGraphJson(text, path);
}

nlohmann::json graphToJson(const Graph& graph) {
    nlohmann::json vertices = nlohmann::json::array();
    for (const GraphVertex& v : graph.vertices())
        vertices.push_back({{"id", v.id}, {"x", pathio::jsonNumber(v.position.x)}, {"y", pathio::jsonNumber(v.position.y)}});
    nlohmann::json edges = nlohmann::json::array();
    for (const GraphEdge& e : graph.edges())
        edges.push_back({{"from", graph.vertex(e.from).id}, {"to", graph.vertex(e.to).id},
                         {"weight", pathio::jsonNumber(e.weight)}});
    return {{"vertices", vertices}, {"edges", edges}};
}

std::string graphToXml(const Graph& graph) {
    tinyxml2::XMLDocument document;
    tinyxml2::XMLElement* root = document.NewElement("Graph");
    document.InsertEndChild(root);
    tinyxml2::XMLElement* vertexList = root->InsertNewChildElement("Vertexes");
    for (const GraphVertex& v : graph.vertices()) {
        tinyxml2::XMLElement* element = vertexList->InsertNewChildElement("Vertex");
        element->SetAttribute("Id", v.id.c_str());
        element->SetAttribute("x", shortestText(v.position.x).c_str());
        element->SetAttribute("y", shortestText(v.position.y).c_str());
    }
    tinyxml2::XMLElement* edgeList = root->InsertNewChildElement("Edges");
    for (const GraphEdge& e : graph.edges()) {
        tinyxml2::XMLElement* element = edgeList->InsertNewChildElement("Edge");
        element->SetAttribute("StartVertexId", graph.vertex(e.from).id.c_str());
        element->SetAttribute("EndVertexId", graph.vertex(e.to).id.c_str());
        element->SetAttribute("Weight", shortestText(e.weight).c_str());
    }
    tinyxml2::XMLPrinter printer;
    document.Print(&printer);
    return printer.CStr();
}

void saveGraphJson(const Graph& graph, const std::string& path) {
    writeFileAtomic(path, dumpJson(graphToJson(graph), 2) + "\n");
}

void saveGraphXml(const Graph& graph, const std::string& path) { writeFileAtomic(path, graphToXml(graph)); }

}  // namespace aoilab
