package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.positive;
import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

/**
 * One pool's {@code NodeName=... State=CLOUD} line. {@code gres} is e.g. {@code gpu:h100:8}; {@code
 * features} the comma-joined feature list; lower {@code weight} is allocated first. {@code comment}
 * is a human note written above the line ("" for none).
 */
public record NodeLine(
    String comment,
    String hostlist,
    int cpus,
    long realMemory,
    String gres,
    String features,
    int weight) {
  public NodeLine {
    text("comment", comment);
    word("hostlist", hostlist);
    positive("cpus", cpus);
    positive("realMemory", realMemory);
    word("gres", gres);
    word("features", features);
    positive("weight", weight);
  }
}
