# cmake -DSRC=web -DCORE=planilla-core.js -DOUT=planilla.html -P inline.cmake
cmake_minimum_required(VERSION 3.22)
# One file: the page's HTML with its CSS, the core (wasm embedded by -sSINGLE_FILE) and its
# script inlined where page.html marks them.
file(READ "${SRC}/page.html" page)
file(READ "${SRC}/page.css" css)
file(READ "${SRC}/page.js" js)
file(READ "${CORE}" core)
foreach(part css js core)
  string(FIND "${${part}}" "</script" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${part} contains '</script': it cannot be inlined as is")
  endif()
endforeach()
string(REPLACE "/*@CSS@*/" "${css}" page "${page}")
string(REPLACE "//@CORE@" "${core}" page "${page}")
string(REPLACE "//@JS@" "${js}" page "${page}")
file(WRITE "${OUT}" "${page}")
