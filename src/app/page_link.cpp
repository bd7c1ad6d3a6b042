#include "app/page_link.h"

#include <stdexcept>

namespace aoilab::app {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A library name: letters, digits, '-', '_', '.', and '/' between folder names; no "..", no leading '/'.
bool isLibraryName(const std::string& name) {
    if (name.empty() || name.size() > 200 || name.front() == '/' || name.back() == '/') return false;
    if (name.find("..") != std::string::npos || name.find("//") != std::string::npos) return false;
    for (char c : name) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                  c == '.' || c == '/';
        if (!ok) return false;
    }
    return true;
}

}  // namespace

std::string percentDecode(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hexDigit(text[i + 1]) >= 0 && hexDigit(text[i + 2]) >= 0) {
            out += static_cast<char>(hexDigit(text[i + 1]) * 16 + hexDigit(text[i + 2]));
            i += 2;
        } else {
            out += text[i] == '+' ? ' ' : text[i];
        }
    }
    return out;
}

PageLink parsePageLink(std::string_view hash, const std::string& library) {
    PageLink link;
    if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
    while (!hash.empty()) {
        std::size_t amp = hash.find('&');
        std::string_view item = hash.substr(0, amp);
        hash = amp == std::string_view::npos ? std::string_view() : hash.substr(amp + 1);
        if (item.empty()) continue;
        std::size_t eq = item.find('=');
        std::string key(item.substr(0, eq));
        std::string value = eq == std::string_view::npos ? std::string() : percentDecode(item.substr(eq + 1));
        if (key == "s") {  // the shared scenario: kept as it came, decoded by the share-link codec
            link.shared = std::string(item.substr(eq == std::string_view::npos ? item.size() : eq + 1));
            continue;
        }
        std::string flag;
        if (key == "scenario") {
            if (!isLibraryName(value)) {
                link.problems.push_back("link: scenario=\"" + value +
                                        "\": not a library name (letters, digits, - _ . and / between folders)");
                continue;
            }
            link.options.scenario = library + "/" + value + ".json";
            continue;
        }
        if (key == "mode") flag = "--mode";
        else if (key == "seek") flag = "--seek";
        else if (key == "lang") flag = "--lang";
        else {
            link.problems.push_back("link: unknown key \"" + key + "\" (expected scenario, mode, seek, lang or s)");
            continue;
        }
        // The desktop's own flag rules, so a link and the command line accept the same values.
        std::string program = "aoilab";
        std::vector<char*> argv{program.data(), flag.data(), value.data()};
        try {
            AppOptions one = parseAppOptions(static_cast<int>(argv.size()), argv.data());
            if (key == "mode") link.options.mode = one.mode;
            else if (key == "seek") link.options.seek = one.seek;
            else link.options.language = one.language;
        } catch (const std::exception& e) {
            link.problems.push_back(std::string("link: ") + key + "=\"" + value + "\": " + e.what());
        }
    }
    return link;
}

}  // namespace aoilab::app
