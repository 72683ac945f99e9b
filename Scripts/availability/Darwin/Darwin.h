// For Scripts/check-availability.sh only: the part of Apple's <pthread.h> and
// <os/lock.h> that the package calls, with the types, nullability and availability
// those headers give them, so that the Swift signatures the package sees are Apple's.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#pragma clang assume_nonnull begin

typedef struct { long __sig; char __opaque[56]; } pthread_mutex_t;
typedef struct { long __sig; char __opaque[8]; } pthread_mutexattr_t;
typedef struct { long __sig; char __opaque[40]; } pthread_cond_t;
typedef struct { long __sig; char __opaque[8]; } pthread_condattr_t;
typedef unsigned long pthread_key_t;

int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *_Nullable);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *_Nullable);
int pthread_cond_destroy(pthread_cond_t *);
int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
int pthread_cond_broadcast(pthread_cond_t *);
int pthread_key_create(pthread_key_t *, void (*_Nullable)(void *));
void *_Nullable pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void *_Nullable);
int pthread_main_np(void);

#define OS_UNFAIR_LOCK_AVAILABILITY                                                  \
  __attribute__((availability(macos, introduced = 10.12)))                           \
  __attribute__((availability(ios, introduced = 10.0)))                              \
  __attribute__((availability(tvos, introduced = 10.0)))                             \
  __attribute__((availability(watchos, introduced = 3.0)))

typedef struct os_unfair_lock_s {
  uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t OS_UNFAIR_LOCK_AVAILABILITY;
void os_unfair_lock_lock(os_unfair_lock_t lock) OS_UNFAIR_LOCK_AVAILABILITY;
void os_unfair_lock_unlock(os_unfair_lock_t lock) OS_UNFAIR_LOCK_AVAILABILITY;

// <dlfcn.h>: in every macOS, iOS, tvOS and watchOS release (dlopen(3)).
#define RTLD_NOW 0x2
void *_Nullable dlopen(const char *_Nullable, int);
void *_Nullable dlsym(void *_Nullable, const char *);
void exit(int) __attribute__((noreturn));


#pragma clang assume_nonnull end
