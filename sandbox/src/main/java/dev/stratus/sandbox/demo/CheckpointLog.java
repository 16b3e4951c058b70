package dev.stratus.sandbox.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run of the sample checkpointing job wrote to its (appended) output file: each resume with
 * the step it resumed from, the furthest step reached before it, and whether the job finished.
 */
public record CheckpointLog(List<Resume> resumes, int lastStep, boolean done, boolean signalled) {
  private static final Pattern STEP = Pattern.compile("^step (\\d+)$");
  private static final Pattern START = Pattern.compile("^start job=\\d+ host=(\\S+) nodes=(\\d+)$");
  private static final Pattern RESUME =
      Pattern.compile("^resume job=\\d+ restart=(\\d+) from-step=(\\d+) host=(\\S+) nodes=(\\d+)$");

  /** One restart: resumed from {@code fromStep} after reaching {@code reached}. */
  public record Resume(int fromStep, int reached, String host, int nodes) {
    public int stepsLost() {
      return Math.max(0, reached - fromStep);
    }
  }

  public static CheckpointLog parse(String text) {
    List<Resume> resumes = new ArrayList<>();
    int furthest = 0;
    boolean done = false;
    boolean signalled = false;
    for (String line : text.lines().toList()) {
      Matcher step = STEP.matcher(line);
      Matcher resume = RESUME.matcher(line);
      Matcher start = START.matcher(line);
      if (step.matches()) {
        furthest = Math.max(furthest, Integer.parseInt(step.group(1)));
      } else if (resume.matches()) {
        resumes.add(
            new Resume(
                Integer.parseInt(resume.group(2)),
                furthest,
                resume.group(3),
                Integer.parseInt(resume.group(4))));
      } else if (start.matches() && furthest > 0) {
        // restarted before its first checkpoint: it starts over, losing every step so far
        resumes.add(new Resume(0, furthest, start.group(1), Integer.parseInt(start.group(2))));
      } else if (line.startsWith("done job=")) {
        done = true;
      } else if (line.startsWith("checkpoint ") && line.endsWith("reason=USR1")) {
        signalled = true;
      }
    }
    return new CheckpointLog(resumes, furthest, done, signalled);
  }

  public int maxStepsLost() {
    return resumes.stream().mapToInt(Resume::stepsLost).max().orElse(0);
  }
}
