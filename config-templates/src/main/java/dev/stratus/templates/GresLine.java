package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

/**
 * One gres.conf line for a pool's nodes: {@code type} is the GPU model, {@code file} the device
 * files as a range ({@code /dev/nvidia[0-7]}), {@code autodetect} e.g. {@code nvml}, or "" for
 * none.
 */
public record GresLine(String hostlist, String autodetect, String type, String file) {
  public GresLine {
    word("hostlist", hostlist);
    text("autodetect", autodetect);
    word("type", type);
    word("file", file);
  }
}
