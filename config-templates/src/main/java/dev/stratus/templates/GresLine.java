package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

/**
 * One gres.conf line for a pool's nodes: {@code type} is the GPU model (or a MIG type such as
 * {@code a100_3g.20gb}), {@code file} the device files as a range ({@code /dev/nvidia[0-7]}),
 * {@code autodetect} e.g. {@code nvml}, or "" for none. {@code file} may be "" only with {@code
 * autodetect}, which then finds the files (MIG devices: the GPU plus its nvidia-caps files).
 */
public record GresLine(String hostlist, String autodetect, String type, String file) {
  public GresLine {
    word("hostlist", hostlist);
    text("autodetect", autodetect);
    word("type", type);
    text("file", file);
    if (file.isEmpty() && autodetect.isEmpty()) {
      throw new IllegalArgumentException(
          "gres.conf line for " + hostlist + " type " + type + " needs File= or AutoDetect=");
    }
    if (!file.isEmpty()) {
      word("file", file);
    }
  }
}
