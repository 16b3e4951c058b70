package dev.stratus.bootstrap;

/** Runs a command to its exit; the seam that lets the agent's steps be tested without processes. */
interface CommandRunner {
  /**
   * Returns the exit status. Throws when the program cannot be started or does not exit within the
   * command's timeout (it is then killed).
   */
  int run(Command command) throws StepFailedException;
}
