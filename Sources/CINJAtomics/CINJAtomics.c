// Every function of the module is `static inline` in its header, compiled where it
// is called; this file only gives the target a source of its own and checks that the
// header compiles as C on its own.
#include "CINJAtomics.h"
