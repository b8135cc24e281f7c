/**
 * Whether a process with this id runs on this machine: this one, or one that exists (EPERM: it exists but
 * belongs to another user). The id may have been reused since it was recorded; callers that must know check
 * more (lock.ts compares the process's start time).
 */
export function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
