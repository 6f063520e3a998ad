# planilla_folder_library(NAME DEPS...): a static library from every .cpp in the current folder
# (globbed with CONFIGURE_DEPENDS so parallel work adds files without touching this list).
function(planilla_folder_library name)
  file(GLOB_RECURSE _srcs CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cpp")
  add_library(${name} STATIC ${_srcs})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PLANILLA_INCLUDE_ROOT}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/planilla>)
  target_link_libraries(${name} PUBLIC ${ARGN} PRIVATE $<BUILD_INTERFACE:planilla_warnings>)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
