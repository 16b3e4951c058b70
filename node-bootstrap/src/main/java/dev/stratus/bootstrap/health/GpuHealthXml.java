package dev.stratus.bootstrap.health;

import static dev.stratus.bootstrap.gpu.NvidiaSmiXml.child;
import static dev.stratus.bootstrap.gpu.NvidiaSmiXml.text;

import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads each GPU's health ({@link GpuReading}) from {@code nvidia-smi -q -x}, in the form of {@code
 * nvsmi_device_v12.dtd} and the older names where they differ ({@code clocks_throttle_reasons},
 * {@code power_readings}, {@code enforced_power_limit}, {@code single_bit}/{@code double_bit} ECC
 * totals). The document is parsed by {@link NvidiaSmiXml}'s hardened parser. {@code N/A}, {@code
 * Unknown} or an absent element is unknown, never a fault.
 */
public final class GpuHealthXml {
  private static final Pattern INTEGER = Pattern.compile("\\A(-?\\d+)");
  private static final Pattern DECIMAL = Pattern.compile("\\A(-?\\d+(?:\\.\\d+)?)");
  private static final List<String> REASON_LISTS =
      List.of("clocks_event_reasons", "clocks_throttle_reasons");

  private GpuHealthXml() {}

  public static List<GpuReading> parse(String xml) throws NvidiaSmiXml.BadXmlException {
    List<GpuReading> out = new ArrayList<>();
    for (Element gpu : NvidiaSmiXml.gpus(xml)) {
      out.add(reading(gpu));
    }
    return out;
  }

  static GpuReading reading(Element gpu) {
    Element pci = child(gpu, "pci");
    String busId = text(pci, "pci_bus_id");
    Element ecc = child(gpu, "ecc_errors");
    Element retired = child(gpu, "retired_pages");
    Element remap = child(gpu, "remapped_rows");
    Element fb = child(gpu, "fb_memory_usage");
    List<String> throttle = new ArrayList<>();
    boolean idle = false;
    for (String list : REASON_LISTS) {
      for (Node n = first(child(gpu, list)); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e && e.getTextContent().strip().equals("Active")) {
          String reason = e.getTagName().replaceFirst("\\Aclocks_(event|throttle)_reason_", "");
          if (reason.equals("gpu_idle")) {
            idle = true;
          } else {
            throttle.add(reason);
          }
        }
      }
    }
    return new GpuReading(
        (int) Math.min(integer(text(gpu, "minor_number")), Integer.MAX_VALUE),
        busId.isEmpty() ? gpu.getAttribute("id") : busId,
        text(gpu, "uuid"),
        text(gpu, "product_name"),
        ecc(child(ecc, "volatile")),
        ecc(child(ecc, "aggregate")),
        or(yesNo(text(retired, "pending_retirement")), yesNo(text(retired, "pending_blacklist"))),
        new GpuReading.RowRemap(
            integer(text(remap, "remapped_row_corr")),
            integer(text(remap, "remapped_row_unc")),
            yesNo(text(remap, "remapped_row_pending")),
            yesNo(text(remap, "remapped_row_failure"))),
        pcie(child(pci, "pci_gpu_link_info")),
        idle,
        throttle,
        enabled(text(gpu, "persistence_mode")),
        integer(text(child(gpu, "temperature"), "gpu_temp")),
        slowdownMargin(child(gpu, "temperature")),
        power(gpu, "power_draw"),
        limit(gpu),
        integer(text(child(gpu, "utilization"), "gpu_util")),
        integer(text(fb, "used")),
        integer(text(fb, "total")));
  }

  private static GpuReading.Ecc ecc(Element e) {
    if (e == null) {
      return GpuReading.Ecc.NONE;
    }
    Element single = child(e, "single_bit");
    Element doubleBit = child(e, "double_bit");
    if (single != null || doubleBit != null) {
      return new GpuReading.Ecc(
          integer(text(single, "total")),
          integer(text(doubleBit, "total")),
          GpuReading.UNKNOWN,
          GpuReading.UNKNOWN);
    }
    long sramUnc =
        sum(
            integer(text(e, "sram_uncorrectable")),
            integer(text(e, "sram_uncorrectable_parity")),
            integer(text(e, "sram_uncorrectable_secded")));
    return new GpuReading.Ecc(
        integer(text(e, "dram_correctable")),
        integer(text(e, "dram_uncorrectable")),
        integer(text(e, "sram_correctable")),
        sramUnc);
  }

  private static GpuReading.Pcie pcie(Element link) {
    Element gen = child(link, "pcie_gen");
    Element widths = child(link, "link_widths");
    return new GpuReading.Pcie(
        integer(text(gen, "max_link_gen")),
        integer(text(gen, "current_link_gen")),
        integer(text(widths, "max_link_width")),
        integer(text(widths, "current_link_width")));
  }

  private static OptionalLong slowdownMargin(Element t) {
    long temp = integer(text(t, "gpu_temp"));
    long slow = integer(text(t, "gpu_temp_slow_threshold"));
    if (temp >= 0 && slow > 0) {
      return OptionalLong.of(slow - temp);
    }
    Long tlimit = signed(text(t, "gpu_temp_tlimit"));
    Long slowTlimit = signed(text(t, "gpu_temp_slow_tlimit_threshold"));
    if (tlimit != null && slowTlimit != null) {
      return OptionalLong.of(tlimit - slowTlimit);
    }
    return OptionalLong.empty();
  }

  private static Element powerReadings(Element gpu) {
    Element p = child(gpu, "gpu_power_readings");
    return p != null ? p : child(gpu, "power_readings");
  }

  private static double power(Element gpu, String name) {
    return decimal(text(powerReadings(gpu), name));
  }

  private static double limit(Element gpu) {
    double current = power(gpu, "current_power_limit");
    return Double.isNaN(current) ? power(gpu, "enforced_power_limit") : current;
  }

  private static Node first(Element e) {
    return e == null ? null : e.getFirstChild();
  }

  /** The leading integer of {@code "81559 MiB"}, {@code "16x"}, {@code "2"}; unknown otherwise. */
  static long integer(String s) {
    Long v = signed(s);
    return v == null || v < 0 ? GpuReading.UNKNOWN : v;
  }

  private static Long signed(String s) {
    Matcher m = INTEGER.matcher(s);
    if (!m.find()) {
      return null;
    }
    try {
      return Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static double decimal(String s) {
    Matcher m = DECIMAL.matcher(s);
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  private static long sum(long... values) {
    long total = GpuReading.UNKNOWN;
    for (long v : values) {
      if (v >= 0) {
        total = Math.max(total, 0) + v;
      }
    }
    return total;
  }

  private static Optional<Boolean> yesNo(String s) {
    return switch (s) {
      case "Yes" -> Optional.of(true);
      case "No" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  private static Optional<Boolean> enabled(String s) {
    return switch (s) {
      case "Enabled" -> Optional.of(true);
      case "Disabled" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  private static Optional<Boolean> or(Optional<Boolean> a, Optional<Boolean> b) {
    if (a.orElse(false) || b.orElse(false)) {
      return Optional.of(true);
    }
    return a.isPresent() ? a : b;
  }
}
