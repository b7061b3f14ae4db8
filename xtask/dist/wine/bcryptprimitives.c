/* A stand-in for Windows' bcryptprimitives.dll, for the clean-room tests
   of the Windows artifacts under Wine only (cargo xtask dist --test); it
   is never shipped. Rust's standard library gets random bytes from
   bcryptprimitives.dll's ProcessPrng, which every Windows since 10 has
   and Wine 8.0 (Debian 12's) lacks; this one takes them from
   advapi32's RtlGenRandom, which Wine has. */
#include <windows.h>
#define SystemFunction036 NTAPI SystemFunction036
#include <ntsecapi.h>
#undef SystemFunction036

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    while (size > 0) {
        ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
