package dev.stratus.templates;

import java.util.List;

/** Everything in the generated gres.conf. */
public record GresConfView(List<GresLine> lines) {
  public GresConfView {
    lines = List.copyOf(lines);
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("gres.conf needs at least one line");
    }
  }

  /** True when a line sets AutoDetect: the file then carries a note about Slurm 22.05. */
  public boolean anyAutodetect() {
    return lines.stream().anyMatch(l -> !l.autodetect().isEmpty());
  }
}
