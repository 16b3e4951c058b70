package dev.stratus.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile.JobNodes;
import dev.stratus.hook.spool.SpoolRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hook's decisions, in process, with fakes for the spool, the resume file and scontrol. */
class HookTest {
  static final Instant NOW = Instant.parse("2026-11-21T13:05:01.123Z");
  final List<SpoolRequest> spooled = new ArrayList<>();
  final List<String> downCalls = new ArrayList<>();
  final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
  String resumeJson = "{\"jobs\":[{\"job_id\":3,\"nodes\":\"gpu-[001-002]\"}]}";
  Hook.RequestWriter writer = spooled::add;

  int run(String... args) {
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    HookLog log = new HookLog(new PrintStream(logBytes, true, StandardCharsets.UTF_8), clock);
    Hook hook =
        new Hook(
            names -> List.copyOf(new LinkedHashSet<>(Hostlist.expand(names))),
            new JsonResumeFileReader(),
            () -> {
              if (resumeJson == null) {
                throw new IOException("SLURM_RESUME_FILE is not set");
              }
              return resumeJson;
            },
            writer,
            (hostlist, reason) -> downCalls.add(hostlist + " | " + reason),
            clock,
            log);
    return hook.run(List.of(args));
  }

  String log() {
    return logBytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void resumeSpoolsOneRequestStampedWithTheClock() {
    assertThat(run("resume", "gpu-[001-002]")).isEqualTo(Hook.OK);

    assertThat(spooled)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.kind()).isEqualTo(HookKind.RESUME);
              assertThat(r.nodes()).containsExactly("gpu-001", "gpu-002");
              assertThat(r.jobs()).containsExactly(new JobNodes(3, "gpu-[001-002]"));
              assertThat(r.receivedAt()).isEqualTo(NOW);
              assertThat(r.id()).startsWith("20261121T130501123Z-resume-");
            });
    assertThat(downCalls).isEmpty();
  }

  @Test
  void resumeFailAndSuspendDoNotReadTheResumeFile() {
    resumeJson = null;

    assertThat(run("resume-fail", "gpu-001")).isEqualTo(Hook.OK);
    assertThat(run("suspend", "gpu-002")).isEqualTo(Hook.OK);

    assertThat(spooled)
        .extracting(SpoolRequest::kind)
        .containsExactly(HookKind.RESUME_FAIL, HookKind.SUSPEND);
  }

  @Test
  void aJobNodeOutsideTheHostlistIsLoggedNotRefused() {
    resumeJson = "{\"jobs\":[{\"job_id\":3,\"nodes\":\"gpu-[001-003]\"}]}";

    assertThat(run("resume", "gpu-[001-002]")).isEqualTo(Hook.OK);
    assertThat(log()).contains("job 3 names node gpu-003 outside the hostlist");
  }

  @Test
  void aBadJobHostlistInTheResumeFileSetsTheNodesDown() {
    resumeJson = "{\"jobs\":[{\"job_id\":3,\"nodes\":\"gpu-[2-1]\"}]}";

    assertThat(run("resume", "gpu-[001-002]")).isEqualTo(Hook.FAILED);
    assertThat(downCalls)
        .singleElement()
        .asString()
        .startsWith(
            "gpu-[001-002] | stratus hook: bad SLURM_RESUME_FILE: invalid hostlist 'gpu-[2-1]'");
  }

  @Test
  void aSpoolThatCannotBeWrittenSetsTheNodesDown() {
    writer =
        r -> {
          throw new IOException("No space left on device");
        };

    assertThat(run("resume", "gpu-001")).isEqualTo(Hook.FAILED);
    assertThat(downCalls).singleElement().asString().contains("No space left on device");
  }

  @Test
  void wrongArgumentsAreAUsageErrorThatTouchesNoNode() {
    assertThat(run("resume")).isEqualTo(Hook.USAGE);
    assertThat(run("wake", "gpu-001")).isEqualTo(Hook.USAGE);

    assertThat(log()).contains("usage: stratus hook", "unknown hook 'wake'");
    assertThat(spooled).isEmpty();
    assertThat(downCalls).isEmpty();
  }

  @Test
  void theReasonIsPrintableAsciiWithoutQuotesAndBounded() {
    assertThat(Hook.reason("say \"hi\"\n")).isEqualTo("stratus hook: say ?hi??");
    assertThat(Hook.reason("x".repeat(500))).hasSize(200).endsWith("...");
  }
}
