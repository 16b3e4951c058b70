package dev.stratus.bootstrap.health;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code nvidia-smi nvlink -s}: a {@code GPU N: NAME (UUID: GPU-...)} line per GPU, then one
 * {@code Link L: 26.562 GB/s} line per link, {@code Link L: <inactive>} for a link that is down.
 * Lines of any other shape are passed over.
 */
public final class NvlinkStatus {
  private static final Pattern GPU =
      Pattern.compile("^GPU (\\d{1,3}): .*?\\(UUID: (GPU-[0-9A-Za-z-]{1,64})\\)\\s*$");
  private static final Pattern LINK = Pattern.compile("^\\s*Link (\\d{1,3}): (.*?)\\s*$");

  private NvlinkStatus() {}

  /** One GPU's links: which are active and which are {@code <inactive>}. */
  public record Gpu(int smiIndex, String uuid, List<Integer> active, List<Integer> inactive) {
    public Gpu {
      active = List.copyOf(active);
      inactive = List.copyOf(inactive);
    }
  }

  public static List<Gpu> parse(String text) {
    List<Gpu> out = new ArrayList<>();
    int index = -1;
    String uuid = "";
    List<Integer> active = new ArrayList<>();
    List<Integer> inactive = new ArrayList<>();
    for (String line : text.split("\\R")) {
      Matcher g = GPU.matcher(line);
      if (g.matches()) {
        if (index >= 0) {
          out.add(new Gpu(index, uuid, active, inactive));
        }
        index = Integer.parseInt(g.group(1));
        uuid = g.group(2);
        active = new ArrayList<>();
        inactive = new ArrayList<>();
        continue;
      }
      Matcher l = LINK.matcher(line);
      if (index >= 0 && l.matches()) {
        int link = Integer.parseInt(l.group(1));
        String state = l.group(2);
        if (state.contains("inactive") || state.contains("Inactive")) {
          inactive.add(link);
        } else {
          active.add(link);
        }
      }
    }
    if (index >= 0) {
      out.add(new Gpu(index, uuid, active, inactive));
    }
    return out;
  }

  /**
   * The links that are down: every {@code <inactive>} link of a node where some GPU has an active
   * link. A node where no GPU has an active link has no NVLink in use (PCIe cards, no bridge), and
   * nothing is down.
   */
  public static List<Gpu> down(List<Gpu> gpus) {
    if (gpus.stream().allMatch(g -> g.active().isEmpty())) {
      return List.of();
    }
    return gpus.stream().filter(g -> !g.inactive().isEmpty()).toList();
  }
}
