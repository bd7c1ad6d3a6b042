#pragma once
// Whether this build may start threads. A WebAssembly page from a static host has no SharedArrayBuffer,
// so the web build (Emscripten without -pthread) has none: work that would run on a thread runs on the
// calling one (the serial path). The one place that asks the compiler.
namespace aoilab {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAvailable = false;
#else
inline constexpr bool kThreadsAvailable = true;
#endif

}  // namespace aoilab
