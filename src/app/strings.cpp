#include "app/strings.h"

#include <cstdarg>
#include <cstdio>

#include "core/plural.h"

namespace aoilab::app {
namespace {

struct Entry {
    const char* en;
    const char* zh;
};

constexpr Entry kTable[] = {
#define AOILAB_STRING_ENTRY(id, en, zh) {en, zh},
    AOILAB_UI_STRINGS(AOILAB_STRING_ENTRY)
#undef AOILAB_STRING_ENTRY
};
static_assert(sizeof(kTable) / sizeof(kTable[0]) == static_cast<std::size_t>(Str::Count));

Language gLanguage = Language::English;

}  // namespace

void setLanguage(Language lang) { gLanguage = lang; }
Language language() { return gLanguage; }

const char* tr(Str id, Language lang) {
    const Entry& e = kTable[static_cast<std::size_t>(id)];
    return lang == Language::Chinese ? e.zh : e.en;
}

const char* tr(Str id) { return tr(id, gLanguage); }

namespace {
std::string format(Language lang, Str id, va_list args) {
    char buffer[1024];
    std::vsnprintf(buffer, sizeof buffer, tr(id, lang), args);
    // "Walked 1 nodes": the English templates say the plural; a count of one takes the singular.
    return lang == Language::English ? agreeWithCounts(buffer) : std::string(buffer);
}
}  // namespace

std::string fmt(Str id, ...) {
    va_list args;
    va_start(args, id);
    std::string text = format(gLanguage, id, args);
    va_end(args);
    return text;
}

std::string fmtIn(Language lang, Str id, ...) {
    va_list args;
    va_start(args, id);
    std::string text = format(lang, id, args);
    va_end(args);
    return text;
}

std::vector<const char*> allStrings(Language lang) {
    std::vector<const char*> out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(Str::Count); ++i)
        out.push_back(tr(static_cast<Str>(i), lang));
    return out;
}

const char* languageCode(Language lang) { return lang == Language::Chinese ? "zh" : "en"; }

bool parseLanguage(const std::string& code, Language& out) {
    if (code == "en") out = Language::English;
    else if (code == "zh") out = Language::Chinese;
    else return false;
    return true;
}

}  // namespace aoilab::app
