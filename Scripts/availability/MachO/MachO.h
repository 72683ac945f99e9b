// For Scripts/check-availability.sh only: the part of Apple's <mach-o/loader.h>,
// <mach-o/dyld.h> and <mach-o/getsect.h> that the package calls, declared as those
// headers declare them (without nullability).
#include <stdint.h>

struct mach_header {
  uint32_t magic;
  int32_t cputype;
  int32_t cpusubtype;
  uint32_t filetype;
  uint32_t ncmds;
  uint32_t sizeofcmds;
  uint32_t flags;
};
struct mach_header_64 {
  uint32_t magic;
  int32_t cputype;
  int32_t cpusubtype;
  uint32_t filetype;
  uint32_t ncmds;
  uint32_t sizeofcmds;
  uint32_t flags;
  uint32_t reserved;
};

extern uint32_t _dyld_image_count(void);
extern const struct mach_header *_dyld_get_image_header(uint32_t image_index);
#if __LP64__
extern uint8_t *getsectiondata(const struct mach_header_64 *mhp, const char *segname,
                               const char *sectname, unsigned long *size);
#else
extern uint8_t *getsectiondata(const struct mach_header *mhp, const char *segname,
                               const char *sectname, unsigned long *size);
#endif
