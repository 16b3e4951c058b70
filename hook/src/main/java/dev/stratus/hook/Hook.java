package dev.stratus.hook;

import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolIds;
import dev.stratus.hook.spool.SpoolRequest;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One hook call: {@code KIND HOSTLIST} → one spool request. Never waits for a cloud or the
 * controller. Exit status: {@link #OK}; {@link #FAILED} when the input is malformed or the request
 * could not be spooled — then the nodes are set DOWN with the reason (Slurm requeues their jobs at
 * once instead of after ResumeTimeout); {@link #USAGE} for wrong arguments.
 */
final class Hook {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  /** What scontrol may be given as {@code nodename=}: hostlist characters only, bounded. */
  private static final Pattern USABLE = Pattern.compile("[A-Za-z0-9._,\\[\\]-]{1,8192}");

  /** Reads SLURM_RESUME_FILE; throws IOException naming the file when it cannot. */
  @FunctionalInterface
  interface ResumeSource {
    String read() throws IOException;
  }

  /** Stores a request durably (the spool). */
  @FunctionalInterface
  interface RequestWriter {
    void write(SpoolRequest request) throws IOException;
  }

  private final HostlistExpander hostlists;
  private final ResumeFileReader resumeFiles;
  private final ResumeSource resumeSource;
  private final RequestWriter spool;
  private final NodeDowner downer;
  private final Clock clock;
  private final HookLog log;

  Hook(
      HostlistExpander hostlists,
      ResumeFileReader resumeFiles,
      ResumeSource resumeSource,
      RequestWriter spool,
      NodeDowner downer,
      Clock clock,
      HookLog log) {
    this.hostlists = hostlists;
    this.resumeFiles = resumeFiles;
    this.resumeSource = resumeSource;
    this.spool = spool;
    this.downer = downer;
    this.clock = clock;
    this.log = log;
  }

  int run(List<String> args) {
    if (args.size() != 2) {
      log.info(
          "usage: stratus hook resume|suspend|resume-fail HOSTLIST (got "
              + args.size()
              + " arguments)");
      return USAGE;
    }
    HookKind kind;
    try {
      kind = HookKind.fromCli(args.get(0));
    } catch (IllegalArgumentException e) {
      log.info(e.getMessage());
      return USAGE;
    }
    String hostlist = args.get(1);
    String tag = kind.cliName() + " " + hostlist + ": ";
    Instant now = clock.instant();
    List<String> nodes;
    try {
      nodes = hostlists.expand(hostlist);
    } catch (IllegalArgumentException e) {
      return fail(tag, hostlist, e.getMessage());
    }
    List<ResumeFile.JobNodes> jobs = List.of();
    if (kind == HookKind.RESUME) {
      try {
        jobs = jobsOf(resumeFiles.parse(resumeSource.read()), nodes, tag);
      } catch (IOException | IllegalArgumentException e) {
        return fail(tag, hostlist, "bad SLURM_RESUME_FILE: " + e.getMessage());
      }
    }
    SpoolRequest request = new SpoolRequest(SpoolIds.next(kind, now), kind, nodes, jobs, now);
    try {
      spool.write(request);
    } catch (IOException | RuntimeException e) {
      return fail(tag, hostlist, "cannot write to the spool: " + e);
    }
    log.info(
        tag
            + "spooled "
            + request.id()
            + " ("
            + nodes.size()
            + " nodes, "
            + jobs.size()
            + " jobs)");
    return OK;
  }

  /** The jobs, each job's hostlist checked; a node outside the hook's hostlist is only logged. */
  private List<ResumeFile.JobNodes> jobsOf(ResumeFile file, List<String> nodes, String tag) {
    Set<String> known = new HashSet<>(nodes);
    for (ResumeFile.JobNodes j : file.jobs()) {
      for (String n : hostlists.expand(j.nodes())) {
        if (!known.contains(n)) {
          log.info(tag + "note: job " + j.jobId() + " names node " + n + " outside the hostlist");
        }
      }
    }
    return file.jobs();
  }

  private int fail(String tag, String hostlist, String why) {
    log.info(tag + "FAILED: " + why);
    if (USABLE.matcher(hostlist).matches()) {
      log.info(tag + "setting the nodes DOWN so Slurm does not wait for them");
      downer.setDown(hostlist, reason(why));
    } else {
      log.info(tag + "the hostlist is unusable, so there is no node to set DOWN");
    }
    return FAILED;
  }

  /** Slurm's reason: see {@link HookReason#of}. */
  static String reason(String why) {
    return HookReason.of(why);
  }
}
