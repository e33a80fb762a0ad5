/*
 * A stand-in VISA library for tests: just enough of viOpenDefaultRM, viOpen, viWrite, viRead,
 * viSetAttribute and viClose to drive Sweepline's VISA transport through koffi for real, with
 * the byte traffic forwarded over TCP to the test's fake instrument.
 *
 * Where viOpen connects: the address ("host:port") given to fakevisa_configure() or in the
 * environment variable FAKEVISA_ADDRESS, so USB/GPIB/VXI-11/HiSLIP resource strings can be tried;
 * otherwise host and port of a TCPIP::host::port::SOCKET string. A log file (fakevisa_configure
 * or FAKEVISA_LOG) gets one line per viSetAttribute call, so a test can check the attribute ids
 * and values the transport sends. Jest gives each test file a copy of process.env that never
 * reaches getenv(), hence fakevisa_configure() for tests.
 *
 * Types and constants follow the IVI Foundation's visa.h / visatype.h (VPP-4.3); the values are
 * repeated here rather than included because no VISA headers are installed on CI machines.
 * Build: gcc -shared -fPIC -o libfakevisa.so fakevisa.c
 */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

typedef int32_t ViStatus;
typedef uint32_t ViUInt32;
typedef ViUInt32 ViSession;
typedef ViUInt32 ViAttr;
#if UINTPTR_MAX > 0xFFFFFFFFu
typedef uint64_t ViAttrState; /* 64-bit VISA passes attribute values as ViUInt64 */
#else
typedef uint32_t ViAttrState;
#endif

#define VI_SUCCESS ((ViStatus)0)
#define VI_SUCCESS_TERM_CHAR ((ViStatus)0x3FFF0005)
#define VI_SUCCESS_MAX_CNT ((ViStatus)0x3FFF0006)
#define VI_ERROR_INV_OBJECT ((ViStatus)0xBFFF000E)
#define VI_ERROR_RSRC_NFOUND ((ViStatus)0xBFFF0011)
#define VI_ERROR_TMO ((ViStatus)0xBFFF0015)
#define VI_ERROR_NSUP_ATTR ((ViStatus)0xBFFF001D)
#define VI_ERROR_IO ((ViStatus)0xBFFF003E)
#define VI_ERROR_CONN_LOST ((ViStatus)0xBFFF00A6)

#define VI_ATTR_TERMCHAR 0x3FFF0018u
#define VI_ATTR_TMO_VALUE 0x3FFF001Au
#define VI_ATTR_TERMCHAR_EN 0x3FFF0038u

#define RM_SESSION 1u
#define FIRST_SESSION 100u
#define MAX_SESSIONS 32

struct session {
  int fd; /* -1 when the slot is free */
  ViUInt32 timeout_ms;
  unsigned char termchar;
  int termchar_enabled;
  /*
   * USB, GPIB and LAN INSTR resources signal END (VI_SUCCESS) with the last byte of a message. A
   * TCP stream has no message boundary, so the stand-in calls a termination character the end
   * when nothing more is waiting to be read; the fake instrument writes each reply at once.
   */
  int ends_with_end;
};

static struct session sessions[MAX_SESSIONS];
static int initialised = 0;
static char configured_address[300];
static char configured_log[1024];

/* Test hook, not part of VISA: empty strings fall back to the environment variables. */
void fakevisa_configure(const char *address, const char *log_path) {
  snprintf(configured_address, sizeof configured_address, "%s", address ? address : "");
  snprintf(configured_log, sizeof configured_log, "%s", log_path ? log_path : "");
}

static const char *setting(const char *configured, const char *variable) {
  return configured[0] ? configured : getenv(variable);
}

static void init_sessions(void) {
  if (initialised) return;
  for (int i = 0; i < MAX_SESSIONS; i++) sessions[i].fd = -1;
  initialised = 1;
}

static struct session *find_session(ViSession vi) {
  if (vi < FIRST_SESSION || vi >= FIRST_SESSION + MAX_SESSIONS) return NULL;
  struct session *s = &sessions[vi - FIRST_SESSION];
  return s->fd >= 0 ? s : NULL;
}

static long long now_ms(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

/* Splits "TCPIP0::host::port::SOCKET" into host and port; 0 on success. */
static int target_from_resource(const char *name, char *host, size_t host_size, char *port, size_t port_size) {
  const char *env = setting(configured_address, "FAKEVISA_ADDRESS");
  if (env && *env) {
    const char *colon = strrchr(env, ':');
    if (!colon || (size_t)(colon - env) >= host_size) return -1;
    memcpy(host, env, (size_t)(colon - env));
    host[colon - env] = '\0';
    snprintf(port, port_size, "%s", colon + 1);
    return 0;
  }
  const char *h = strstr(name, "::");
  if (!h) return -1;
  h += 2;
  const char *p = strstr(h, "::");
  if (!p || (size_t)(p - h) >= host_size) return -1;
  memcpy(host, h, (size_t)(p - h));
  host[p - h] = '\0';
  p += 2;
  const char *end = strstr(p, "::");
  if (!end || (size_t)(end - p) >= port_size) return -1;
  memcpy(port, p, (size_t)(end - p));
  port[end - p] = '\0';
  return 0;
}

static int connect_to(const char *host, const char *port) {
  struct addrinfo hints, *found = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, port, &hints, &found) != 0) return -1;
  int fd = -1;
  for (struct addrinfo *a = found; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  return fd;
}

static int starts_with_ci(const char *text, const char *prefix) {
  for (; *prefix; text++, prefix++) {
    char c = *text;
    if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    if (c != *prefix) return 0;
  }
  return 1;
}

ViStatus viOpenDefaultRM(ViSession *vi) {
  init_sessions();
  *vi = RM_SESSION;
  return VI_SUCCESS;
}

ViStatus viOpen(ViSession rm, const char *name, ViUInt32 mode, ViUInt32 timeout, ViSession *vi) {
  (void)mode;
  (void)timeout;
  init_sessions();
  if (rm != RM_SESSION) return VI_ERROR_INV_OBJECT;
  char host[256], port[32];
  if (target_from_resource(name, host, sizeof host, port, sizeof port) != 0) return VI_ERROR_RSRC_NFOUND;
  for (int i = 0; i < MAX_SESSIONS; i++) {
    if (sessions[i].fd >= 0) continue;
    int fd = connect_to(host, port);
    if (fd < 0) return VI_ERROR_RSRC_NFOUND;
    sessions[i].fd = fd;
    sessions[i].timeout_ms = 2000;
    sessions[i].termchar = '\n';
    sessions[i].termchar_enabled = 0;
    sessions[i].ends_with_end = !starts_with_ci(name, "TCPIP") || !strstr(name, "SOCKET");
    *vi = FIRST_SESSION + (ViUInt32)i;
    return VI_SUCCESS;
  }
  return VI_ERROR_IO;
}

ViStatus viSetAttribute(ViSession vi, ViAttr attr, ViAttrState value) {
  const char *log = setting(configured_log, "FAKEVISA_LOG");
  if (log && *log) {
    FILE *f = fopen(log, "a");
    if (f) {
      fprintf(f, "viSetAttribute 0x%08X %llu\n", attr, (unsigned long long)value);
      fclose(f);
    }
  }
  struct session *s = find_session(vi);
  if (!s) return VI_ERROR_INV_OBJECT;
  switch (attr) {
    case VI_ATTR_TMO_VALUE: s->timeout_ms = (ViUInt32)value; return VI_SUCCESS;
    case VI_ATTR_TERMCHAR: s->termchar = (unsigned char)value; return VI_SUCCESS;
    case VI_ATTR_TERMCHAR_EN: s->termchar_enabled = value != 0; return VI_SUCCESS;
    default: return VI_ERROR_NSUP_ATTR;
  }
}

/* Waits until the socket is readable or writable; VI_SUCCESS, VI_ERROR_TMO or VI_ERROR_IO. */
static ViStatus wait_for(struct session *s, short events, long long deadline) {
  for (;;) {
    long long left = deadline - now_ms();
    if (left <= 0) return VI_ERROR_TMO;
    struct pollfd p = {s->fd, events, 0};
    int n = poll(&p, 1, (int)left);
    if (n > 0) return VI_SUCCESS;
    if (n == 0) return VI_ERROR_TMO;
    if (errno != EINTR) return VI_ERROR_IO;
  }
}

ViStatus viWrite(ViSession vi, const unsigned char *buf, ViUInt32 count, ViUInt32 *written) {
  struct session *s = find_session(vi);
  if (!s) return VI_ERROR_INV_OBJECT;
  long long deadline = now_ms() + s->timeout_ms;
  ViUInt32 done = 0;
  while (done < count) {
    ViStatus st = wait_for(s, POLLOUT, deadline);
    if (st != VI_SUCCESS) {
      if (written) *written = done;
      return st;
    }
    ssize_t n = send(s->fd, buf + done, count - done, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      if (written) *written = done;
      return VI_ERROR_CONN_LOST;
    }
    done += (ViUInt32)n;
  }
  if (written) *written = done;
  return VI_SUCCESS;
}

/* Reads until the termination character (when enabled), count bytes, or the timeout, as VISA does. */
ViStatus viRead(ViSession vi, unsigned char *buf, ViUInt32 count, ViUInt32 *got) {
  struct session *s = find_session(vi);
  if (!s) return VI_ERROR_INV_OBJECT;
  long long deadline = now_ms() + s->timeout_ms;
  ViUInt32 done = 0;
  while (done < count) {
    ViStatus st = wait_for(s, POLLIN, deadline);
    if (st != VI_SUCCESS) {
      if (got) *got = done;
      return st;
    }
    ssize_t n = recv(s->fd, buf + done, count - done, MSG_PEEK);
    if (n == 0 || (n < 0 && errno != EINTR)) {
      if (got) *got = done;
      return VI_ERROR_CONN_LOST;
    }
    if (n < 0) continue;
    ssize_t take = n;
    int at_term = 0;
    if (s->termchar_enabled) {
      unsigned char *term = memchr(buf + done, s->termchar, (size_t)n);
      if (term) {
        take = term - (buf + done) + 1;
        at_term = 1;
      }
    }
    ssize_t r = recv(s->fd, buf + done, (size_t)take, 0);
    if (r != take) {
      if (got) *got = done;
      return VI_ERROR_IO;
    }
    done += (ViUInt32)take;
    if (at_term) {
      if (got) *got = done;
      struct pollfd more = {s->fd, POLLIN, 0};
      return s->ends_with_end && poll(&more, 1, 0) == 0 ? VI_SUCCESS : VI_SUCCESS_TERM_CHAR;
    }
  }
  if (got) *got = done;
  return VI_SUCCESS_MAX_CNT;
}

ViStatus viClose(ViSession vi) {
  if (vi == RM_SESSION) {
    for (int i = 0; i < MAX_SESSIONS; i++) {
      if (sessions[i].fd >= 0) close(sessions[i].fd);
      sessions[i].fd = -1;
    }
    return VI_SUCCESS;
  }
  struct session *s = find_session(vi);
  if (!s) return VI_ERROR_INV_OBJECT;
  close(s->fd);
  s->fd = -1;
  return VI_SUCCESS;
}
