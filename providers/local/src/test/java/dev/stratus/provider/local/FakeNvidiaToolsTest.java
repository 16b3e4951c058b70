package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.gpu.GpuInfo;
import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import dev.stratus.provider.local.FakeGpuState.Fault;
import dev.stratus.provider.local.FakeGpuState.Fault.Kind;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Runs the installed fakes as processes, as the node agent and watcher do. */
class FakeNvidiaToolsTest {
  static final String NODE = "gpu-001";
  static final String H100 = "NVIDIA H100 80GB HBM3";
  static final List<String> HGX_BUSES =
      List.of("18", "2A", "3A", "5D", "9A", "AB", "BA", "DB").stream()
          .map(b -> "00000000:" + b + ":00.0")
          .toList();

  @TempDir Path state;
  Path bin;

  record Run(int exit, String out, String err) {}

  @BeforeEach
  void install() {
    bin = state.resolve("nodes/st-c1-gpu-001/bin");
    FakeNvidiaTools.install(
        bin, FakeGpuState.file(state, NODE), FakeGpuState.kmsgFile(state, NODE), H100, 8);
  }

  Run run(String tool, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(bin.resolve(tool).toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    p.getOutputStream().close();
    // read stderr on its own thread: a full pipe must not block the fake
    var err = new CompletableFuture<String>();
    Thread t =
        new Thread(
            () -> {
              try {
                err.complete(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
              } catch (Exception e) {
                err.completeExceptionally(e);
              }
            });
    t.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out, err.get(30, TimeUnit.SECONDS));
  }

  void fault(Kind kind, int gpu, int xid) {
    FakeGpuState.inject(state, NODE, 8, new Fault(kind, gpu, xid));
  }

  /** The XML as the product parses it: NVIDIA's DOCTYPE line removed, no DTD allowed. */
  static Document dom(String xml) throws Exception {
    assertThat(xml)
        .startsWith(
            "<?xml version=\"1.0\" ?>\n"
                + "<!DOCTYPE nvidia_smi_log SYSTEM \"nvsmi_device_v12.dtd\">\n"
                + "<nvidia_smi_log>\n");
    String stripped = xml.replaceFirst("<!DOCTYPE nvidia_smi_log SYSTEM \"[^\"]+\">", "");
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(stripped.getBytes(StandardCharsets.UTF_8)));
  }

  static List<Element> gpus(Document d) {
    List<Element> gpus = new ArrayList<>();
    NodeList list = d.getDocumentElement().getElementsByTagName("gpu");
    for (int i = 0; i < list.getLength(); i++) {
      gpus.add((Element) list.item(i));
    }
    return gpus;
  }

  /**
   * Text at a slash path of child elements, e.g. {@code ecc_errors/volatile/dram_uncorrectable}.
   */
  static String at(Element e, String path) {
    Element cur = e;
    for (String name : path.split("/")) {
      Element next = null;
      for (Node n = cur.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element c && c.getTagName().equals(name)) {
          next = c;
          break;
        }
      }
      assertThat(next).as("<%s> in <%s>", name, cur.getTagName()).isNotNull();
      cur = next;
    }
    return cur.getTextContent().strip();
  }

  static Element gpu(Document d, int index) {
    return gpus(d).stream()
        .filter(g -> g.getAttribute("id").equals(HGX_BUSES.get(index)))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void healthyNodeListsEightBusyH100sInNvidiasV12Xml() throws Exception {
    Run r = run("nvidia-smi", "-q", "-x");

    assertThat(r.exit()).isZero();
    assertThat(r.err()).isEmpty();
    List<GpuInfo> parsed = NvidiaSmiXml.parse(r.out());
    assertThat(parsed).hasSize(8);
    assertThat(parsed)
        .allSatisfy(
            g -> {
              assertThat(g.productName()).isEqualTo(H100);
              assertThat(g.ecc()).isEqualTo("Enabled");
              assertThat(g.mig()).isEqualTo("Disabled");
            });
    Document d = dom(r.out());
    Element root = d.getDocumentElement();
    assertThat(at(root, "driver_version")).isEqualTo("550.127.05");
    assertThat(at(root, "cuda_version")).isEqualTo("12.4");
    assertThat(at(root, "attached_gpus")).isEqualTo("8");
    assertThat(gpus(d).stream().map(g -> g.getAttribute("id")))
        .containsExactlyElementsOf(HGX_BUSES);
    Element g0 = gpu(d, 0);
    assertThat(at(g0, "minor_number")).isEqualTo("0");
    assertThat(at(g0, "persistence_mode")).isEqualTo("Enabled");
    assertThat(at(g0, "uuid"))
        .matches("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    assertThat(at(g0, "pci/pci_bus_id")).isEqualTo("00000000:18:00.0");
    assertThat(at(g0, "pci/pci_gpu_link_info/pcie_gen/max_link_gen")).isEqualTo("5");
    assertThat(at(g0, "pci/pci_gpu_link_info/pcie_gen/current_link_gen")).isEqualTo("5");
    assertThat(at(g0, "pci/pci_gpu_link_info/link_widths/max_link_width")).isEqualTo("16x");
    assertThat(at(g0, "pci/pci_gpu_link_info/link_widths/current_link_width")).isEqualTo("16x");
    for (String reason :
        List.of(
            "gpu_idle",
            "hw_slowdown",
            "hw_thermal_slowdown",
            "hw_power_brake_slowdown",
            "sw_power_cap",
            "sw_thermal_slowdown")) {
      assertThat(at(g0, "clocks_event_reasons/clocks_event_reason_" + reason))
          .isEqualTo("Not Active");
    }
    assertThat(at(g0, "utilization/gpu_util")).isEqualTo("85 %");
    long total = mib(at(g0, "fb_memory_usage/total"));
    long used = mib(at(g0, "fb_memory_usage/used"));
    assertThat(total).isEqualTo(81559);
    assertThat(mib(at(g0, "fb_memory_usage/reserved")) + used + mib(at(g0, "fb_memory_usage/free")))
        .isEqualTo(total);
    assertThat((double) used / total).isBetween(0.55, 0.65);
    for (String kind : List.of("volatile", "aggregate")) {
      for (String counter :
          List.of(
              "sram_correctable",
              "sram_uncorrectable_parity",
              "sram_uncorrectable_secded",
              "dram_correctable",
              "dram_uncorrectable")) {
        assertThat(at(g0, "ecc_errors/" + kind + "/" + counter)).isEqualTo("0");
      }
    }
    assertThat(at(g0, "retired_pages/pending_blacklist")).isEqualTo("N/A");
    assertThat(at(g0, "retired_pages/pending_retirement")).isEqualTo("N/A");
    assertThat(at(g0, "remapped_rows/remapped_row_unc")).isEqualTo("0");
    assertThat(at(g0, "remapped_rows/remapped_row_pending")).isEqualTo("No");
    assertThat(at(g0, "remapped_rows/remapped_row_failure")).isEqualTo("No");
    assertThat(at(g0, "temperature/gpu_temp")).isEqualTo("63 C");
    assertThat(at(g0, "temperature/gpu_temp_max_threshold")).isEqualTo("92 C");
    assertThat(at(g0, "temperature/gpu_temp_slow_threshold")).isEqualTo("89 C");
    assertThat(at(g0, "gpu_power_readings/current_power_limit")).isEqualTo("700.00 W");
    assertThat(at(g0, "gpu_power_readings/power_draw")).endsWith(" W");
    assertThat(at(g0, "gpu_reset_status/reset_required")).isEqualTo("No");
    assertThat(at(g0, "processes/process_info/process_name")).isEqualTo("python3");
  }

  static long mib(String value) {
    assertThat(value).endsWith(" MiB");
    return Long.parseLong(value.substring(0, value.length() - 4));
  }

  @Test
  void uncorrectableEccShowsInVolatileAggregateAndRemappedRowsOfThatGpuOnly() throws Exception {
    fault(Kind.ECC_UNCORRECTABLE, 2, 0);

    Document d = dom(run("nvidia-smi", "-q", "-x").out());

    Element bad = gpu(d, 2);
    assertThat(at(bad, "ecc_errors/volatile/dram_uncorrectable")).isEqualTo("1");
    assertThat(at(bad, "ecc_errors/aggregate/dram_uncorrectable")).isEqualTo("1");
    assertThat(at(bad, "remapped_rows/remapped_row_unc")).isEqualTo("1");
    assertThat(at(bad, "remapped_rows/remapped_row_pending")).isEqualTo("Yes");
    assertThat(at(bad, "gpu_reset_status/drain_and_reset_recommended")).isEqualTo("Yes");
    assertThat(at(gpu(d, 1), "ecc_errors/volatile/dram_uncorrectable")).isEqualTo("0");
    assertThat(at(gpu(d, 1), "remapped_rows/remapped_row_pending")).isEqualTo("No");
  }

  @Test
  void xid79TakesTheGpuOffTheBusAndLogsTheDriversKernelLine() throws Exception {
    fault(Kind.XID, 0, 79);

    Run r = run("nvidia-smi", "-q", "-x");

    assertThat(r.exit()).isEqualTo(15);
    assertThat(r.err())
        .isEqualTo(
            "Unable to determine the device handle for GPU 0000:18:00.0: GPU is lost. Reboot the"
                + " system to recover this GPU\n");
    Document d = dom(r.out());
    assertThat(at(d.getDocumentElement(), "attached_gpus")).isEqualTo("8");
    assertThat(gpus(d).stream().map(g -> g.getAttribute("id")))
        .containsExactlyElementsOf(HGX_BUSES.subList(1, 8));
    List<String> kmsg = Files.readAllLines(FakeGpuState.kmsgFile(state, NODE));
    assertThat(kmsg).hasSize(1);
    assertThat(kmsg.get(0))
        .matches(
            "3,0,\\d+,-;NVRM: Xid \\(PCI:0000:18:00\\): 79, pid=\\d+, name=python3, GPU has"
                + " fallen off the bus\\.");
  }

  @Test
  void eachXidAppendsTheNextKernelLineAndAResetXidAsksForAReset() throws Exception {
    fault(Kind.XID, 3, 48);
    fault(Kind.XID, 5, 1234);

    List<String> kmsg = Files.readAllLines(FakeGpuState.kmsgFile(state, NODE));
    assertThat(kmsg.get(0))
        .matches(
            "3,0,\\d+,-;NVRM: Xid \\(PCI:0000:5d:00\\): 48, pid=\\d+, name=python3, An"
                + " uncorrectable double bit error \\(DBE\\) has been detected on GPU.*");
    assertThat(kmsg.get(1))
        .matches("3,1,\\d+,-;NVRM: Xid \\(PCI:0000:ab:00\\): 1234, pid=\\d+, name=python3, .+");
    Run r = run("nvidia-smi", "-q", "-x");
    assertThat(r.exit()).isZero();
    Document d = dom(r.out());
    assertThat(gpus(d)).hasSize(8);
    assertThat(at(gpu(d, 3), "gpu_reset_status/reset_required")).isEqualTo("Yes");
    assertThat(at(gpu(d, 5), "gpu_reset_status/reset_required")).isEqualTo("No");
  }

  @Test
  void throttleMakesHwAndThermalSlowdownActiveOnThatGpu() throws Exception {
    fault(Kind.THROTTLE, 3, 0);

    Document d = dom(run("nvidia-smi", "-q", "-x").out());

    Element hot = gpu(d, 3);
    assertThat(at(hot, "clocks_event_reasons/clocks_event_reason_hw_slowdown")).isEqualTo("Active");
    assertThat(at(hot, "clocks_event_reasons/clocks_event_reason_hw_thermal_slowdown"))
        .isEqualTo("Active");
    assertThat(parseInt(at(hot, "temperature/gpu_temp")))
        .isGreaterThanOrEqualTo(parseInt(at(hot, "temperature/gpu_temp_slow_threshold")));
    assertThat(at(gpu(d, 2), "clocks_event_reasons/clocks_event_reason_hw_slowdown"))
        .isEqualTo("Not Active");
  }

  static int parseInt(String celsius) {
    return Integer.parseInt(celsius.replace(" C", ""));
  }

  @Test
  void idleGpusShowNoUseNoMemoryAndTheIdleReason() throws Exception {
    fault(Kind.IDLE, 0, 0);

    Document d = dom(run("nvidia-smi", "-q", "-x").out());

    assertThat(gpus(d))
        .hasSize(8)
        .allSatisfy(
            g -> {
              assertThat(at(g, "utilization/gpu_util")).isEqualTo("0 %");
              assertThat(at(g, "utilization/memory_util")).isEqualTo("0 %");
              assertThat(mib(at(g, "fb_memory_usage/used"))).isLessThan(16);
              assertThat(at(g, "clocks_event_reasons/clocks_event_reason_gpu_idle"))
                  .isEqualTo("Active");
              assertThat(g.getElementsByTagName("process_info").getLength()).isZero();
            });
  }

  @Test
  void aMissingGpuIsNeitherListedNorCounted() throws Exception {
    fault(Kind.MISSING, 5, 0);

    Run r = run("nvidia-smi", "-q", "-x");

    assertThat(r.exit()).isZero();
    Document d = dom(r.out());
    assertThat(at(d.getDocumentElement(), "attached_gpus")).isEqualTo("7");
    assertThat(gpus(d).stream().map(g -> g.getAttribute("id")))
        .hasSize(7)
        .doesNotContain("00000000:AB:00.0");
    assertThat(run("nvidia-smi", "-L").out().lines())
        .hasSize(7)
        .noneMatch(l -> l.startsWith("GPU 5:"));
  }

  @Test
  void hangKeepsEveryToolRunningUntilItIsKilled() throws Exception {
    fault(Kind.HANG, 0, 0);

    for (String tool : List.of("nvidia-smi", "dcgmi")) {
      Process p =
          new ProcessBuilder(bin.resolve(tool).toString(), "-q", "-x")
              .redirectErrorStream(true)
              .start();
      assertThat(p.waitFor(2, TimeUnit.SECONDS)).as(tool + " still running after 2 s").isFalse();
      p.destroy();
      assertThat(p.waitFor(10, TimeUnit.SECONDS)).as(tool + " ends when killed").isTrue();
    }
  }

  @Test
  void nvlinkStatusPrintsEighteenLinksPerGpuAndInactiveForADownLink() throws Exception {
    List<String> healthy = run("nvidia-smi", "nvlink", "-s").out().lines().toList();
    assertThat(healthy).hasSize(8 * 19);
    assertThat(healthy.get(0))
        .matches("GPU 0: NVIDIA H100 80GB HBM3 \\(UUID: GPU-[0-9a-f-]{36}\\)");
    assertThat(healthy.get(1)).isEqualTo("\t Link 0: 26.562 GB/s");
    assertThat(healthy.get(18)).isEqualTo("\t Link 17: 26.562 GB/s");
    assertThat(healthy).noneMatch(l -> l.contains("inactive"));

    fault(Kind.NVLINK_DOWN, 4, 0);

    List<String> down = run("nvidia-smi", "nvlink", "-s").out().lines().toList();
    assertThat(down.get(4 * 19)).startsWith("GPU 4: ");
    assertThat(down.get(4 * 19 + 1)).isEqualTo("\t Link 0: <inactive>");
    assertThat(down.stream().filter(l -> l.contains("<inactive>"))).hasSize(1);
  }

  static final ObjectMapper JSON = new ObjectMapper();

  /** Status of each (test name, GPU) in a {@code dcgmi diag -j} document. */
  static List<String> results(String json) throws Exception {
    JsonNode doc = JSON.readTree(json);
    assertThat(doc.at("/metadata/Driver Version Detected").asText()).isEqualTo("550.127.05");
    assertThat(doc.at("/entity_groups/0/entities")).hasSize(8);
    List<String> out = new ArrayList<>();
    for (JsonNode category : doc.at("/DCGM Diagnostic/test_categories")) {
      for (JsonNode test : category.get("tests")) {
        for (JsonNode result : test.get("results")) {
          assertThat(result.get("entity_group").asText()).isEqualTo("GPU");
          out.add(
              category.get("category").asText()
                  + "/"
                  + test.get("name").asText()
                  + "/"
                  + result.get("entity_id").asInt()
                  + "="
                  + result.get("status").asText());
        }
      }
    }
    return out;
  }

  @Test
  void dcgmiDiagPassesEveryTestOfTheLevelOnAHealthyNode() throws Exception {
    Run r1 = run("dcgmi", "diag", "-r", "1", "-j");
    Run r3 = run("dcgmi", "diag", "-r", "3", "-j");

    assertThat(r1.exit()).isZero();
    assertThat(results(r1.out())).hasSize(8).allMatch(s -> s.startsWith("Deployment/software/"));
    assertThat(r3.exit()).isZero();
    assertThat(results(r3.out()))
        .hasSize(7 * 8)
        .allMatch(s -> s.endsWith("=Pass"))
        .anyMatch(s -> s.startsWith("Integration/pcie/"))
        .anyMatch(s -> s.startsWith("Hardware/memory/"))
        .anyMatch(s -> s.startsWith("Stress/targeted_stress/"));
  }

  @Test
  void dcgmiDiagFailsTheFaultyGpusWithDcgmsErrorIdsAndExits226() throws Exception {
    fault(Kind.ECC_UNCORRECTABLE, 2, 0);
    fault(Kind.XID, 6, 13);
    fault(Kind.MISSING, 7, 0);

    Run r = run("dcgmi", "diag", "-r", "2", "-j");

    assertThat(r.exit()).isEqualTo(226);
    assertThat(results(r.out()).stream().filter(s -> s.endsWith("=Fail")))
        .containsExactlyInAnyOrder(
            "Deployment/software/2=Fail",
            "Hardware/memory/2=Fail",
            "Deployment/software/6=Fail",
            "Deployment/software/7=Fail",
            "Integration/pcie/7=Fail",
            "Hardware/memory/7=Fail");
    JsonNode software = JSON.readTree(r.out()).at("/DCGM Diagnostic/test_categories/0/tests/0");
    assertThat(software.at("/test_summary/status").asText()).isEqualTo("Fail");
    assertThat(software.at("/results/2/warnings/0/error_id").asInt()).isEqualTo(4);
    assertThat(software.at("/results/6/warnings/0/warning").asText()).contains("XID 13");
  }

  @Test
  void otherArgumentsGetUsageOrNvidiasInvalidArgumentExit() throws Exception {
    assertThat(run("nvidia-smi", "--bogus").exit()).isEqualTo(2);
    Run help = run("nvidia-smi", "-h");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("-q -x");
    Run usage = run("dcgmi", "health", "-c");
    assertThat(usage.exit()).isZero();
    assertThat(usage.out()).contains("dcgmi diag -r");
  }

  @Test
  void uuidsAndSerialsAreStablePerNodeAndDifferBetweenNodes() {
    assertThat(FakeNvidiaTools.uuid("gpu-001", 0)).isEqualTo(FakeNvidiaTools.uuid("gpu-001", 0));
    assertThat(FakeNvidiaTools.uuid("gpu-001", 0))
        .isNotEqualTo(FakeNvidiaTools.uuid("gpu-002", 0))
        .isNotEqualTo(FakeNvidiaTools.uuid("gpu-001", 1));
    assertThat(FakeNvidiaTools.serial("gpu-001", 3)).matches("1650\\d{9}");
    assertThat(FakeNvidiaTools.busId(8)).isEqualTo("00000001:18:00.0");
    assertThat(FakeNvidiaTools.kernelPci(9)).isEqualTo("0001:2a:00");
  }

  /** Not a check: prints what one watcher poll costs (the figure the fake was built for). */
  @Test
  void printsTheTimeOfOneXmlQueryOfEightGpus() throws Exception {
    int calls = 20;
    long start = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      run("nvidia-smi", "-q", "-x");
    }
    double healthy = (System.nanoTime() - start) / 1e6 / calls;
    fault(Kind.THROTTLE, 1, 0);
    start = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      run("nvidia-smi", "-q", "-x");
    }
    double withState = (System.nanoTime() - start) / 1e6 / calls;
    System.out.printf(
        "fake nvidia-smi -q -x, 8 GPUs: %.1f ms a call without a state file, %.1f ms with one%n",
        healthy, withState);
  }
}
