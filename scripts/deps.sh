# Sourced by scripts/run and scripts/test: installs the Debian packages aoilab needs, only when missing.
AOILAB_BUILD_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libglfw3-dev libimgui-dev libstb-dev nlohmann-json3-dev librecast-dev libtinyxml2-dev
  libgl1-mesa-dri fonts-wqy-microhei fonts-dejavu-core
)
# xdotool drives the real window; xrdb (x11-xserver-utils) sets the DPI for the HiDPI test.
AOILAB_TEST_PACKAGES=(libgtest-dev libbenchmark-dev libboost-graph-dev xvfb xauth xdotool x11-xserver-utils)
# scripts/web: Emscripten (the WebAssembly build), fonttools (the cut-down Chinese font), Chromium (the
# web tests drive it headless), the fonts the page carries.
AOILAB_WEB_PACKAGES=(emscripten python3-fonttools chromium cmake ninja-build nlohmann-json3-dev libstb-dev
  fonts-wqy-microhei fonts-dejavu-core)
# The web tests run puppeteer-core (npm) under node: Debian's where the machine has no node of its own.
command -v node >/dev/null && command -v npm >/dev/null || AOILAB_WEB_PACKAGES+=(nodejs npm)
# scripts/test --fuzz: clang with libFuzzer and the sanitizer runtimes.
AOILAB_FUZZ_PACKAGES=(clang libclang-rt-14-dev)

aoilab_install_packages() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "aoilab: installing ${missing[*]}"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "aoilab: need root or sudo to install: ${missing[*]}" >&2; return 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}
