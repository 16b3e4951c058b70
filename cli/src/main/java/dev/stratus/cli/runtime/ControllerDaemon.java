package dev.stratus.cli.runtime;

import dev.stratus.core.controller.Controller;
import java.util.Properties;
import java.util.UUID;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the controller's passes on Quartz: every reconcile interval, and at once when {@link
 * #wake()} is called (a hook request arrived). Quartz never runs two passes at the same time. Every
 * {@link #CHECKPOINT_POLL} a light job looks whether a job signalled for a notice has written its
 * checkpoint, and wakes a pass to requeue it.
 */
public final class ControllerDaemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ControllerDaemon.class);
  private static final String CONTROLLER = "stratus.controller";
  private static final JobKey PASS = JobKey.jobKey("reconcile", "stratus");
  private static final JobKey CHECKPOINTS = JobKey.jobKey("checkpoints", "stratus");
  static final java.time.Duration CHECKPOINT_POLL = java.time.Duration.ofSeconds(1);

  private final Scheduler scheduler;

  public ControllerDaemon(Controller controller, java.time.Duration interval) {
    try {
      Properties props = new Properties();
      props.setProperty("org.quartz.scheduler.instanceName", "stratus-" + UUID.randomUUID());
      props.setProperty("org.quartz.threadPool.threadCount", "1");
      props.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
      props.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
      scheduler = new StdSchedulerFactory(props).getScheduler();
      scheduler.getContext().put(CONTROLLER, controller);
      scheduler.scheduleJob(
          JobBuilder.newJob(PassJob.class).withIdentity(PASS).storeDurably().build(),
          every(interval));
      scheduler.scheduleJob(
          JobBuilder.newJob(CheckpointPollJob.class).withIdentity(CHECKPOINTS).build(),
          every(CHECKPOINT_POLL));
    } catch (SchedulerException e) {
      throw new IllegalStateException("cannot set up the Quartz scheduler: " + e.getMessage(), e);
    }
  }

  /** From now on, every {@code interval}; a late run is skipped, not made up. */
  private static Trigger every(java.time.Duration interval) {
    return TriggerBuilder.newTrigger()
        .startNow()
        .withSchedule(
            SimpleScheduleBuilder.simpleSchedule()
                .withIntervalInMilliseconds(interval.toMillis())
                .repeatForever()
                .withMisfireHandlingInstructionNextWithRemainingCount())
        .build();
  }

  public void start() {
    try {
      scheduler.start();
    } catch (SchedulerException e) {
      throw new IllegalStateException("cannot start the scheduler: " + e.getMessage(), e);
    }
  }

  /** Asks for a pass as soon as possible (coalesces with one already queued). */
  public void wake() {
    try {
      scheduler.triggerJob(PASS);
    } catch (SchedulerException e) {
      log.warn("cannot trigger a pass: {}", e.getMessage());
    }
  }

  @Override
  public void close() {
    try {
      scheduler.shutdown(true);
    } catch (SchedulerException e) {
      log.warn("scheduler shutdown: {}", e.getMessage());
    }
  }

  private static final org.quartz.TriggerKey REQUEUE_DUE =
      org.quartz.TriggerKey.triggerKey("requeue-due", "stratus");

  /**
   * One extra pass at {@code at} (a notice's grace ends then), replacing any earlier such pass: a
   * requeue waits for no reconcile interval. A moment already past runs at once.
   */
  static void passAt(Scheduler scheduler, java.time.Instant at) {
    Trigger once =
        TriggerBuilder.newTrigger()
            .withIdentity(REQUEUE_DUE)
            .forJob(PASS)
            .startAt(java.util.Date.from(at))
            .withSchedule(
                SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionFireNow())
            .build();
    try {
      if (scheduler.checkExists(REQUEUE_DUE)) {
        scheduler.rescheduleJob(REQUEUE_DUE, once);
      } else {
        scheduler.scheduleJob(once);
      }
    } catch (SchedulerException e) {
      log.warn("cannot schedule the pass for a requeue at {}: {}", at, e.getMessage());
    }
  }

  /** The Quartz job: one controller pass; a failed pass is logged and the next one tries again. */
  @DisallowConcurrentExecution
  public static final class PassJob implements Job {
    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
      try {
        Controller controller = (Controller) context.getScheduler().getContext().get(CONTROLLER);
        controller.runPass();
        controller.nextRequeueDue().ifPresent(at -> passAt(context.getScheduler(), at));
      } catch (SchedulerException e) {
        throw new JobExecutionException(e);
      } catch (RuntimeException e) {
        log.error("controller pass failed: {}", e.getMessage(), e);
        try {
          ((Controller) context.getScheduler().getContext().get(CONTROLLER)).metrics().passFailed();
        } catch (SchedulerException ignored) {
          // the failure is logged above; the counter is best effort
        }
      }
    }
  }

  /** Wakes a pass when a signalled job has written its checkpoint (see {@link Controller}). */
  @DisallowConcurrentExecution
  public static final class CheckpointPollJob implements Job {
    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
      try {
        Controller controller = (Controller) context.getScheduler().getContext().get(CONTROLLER);
        if (controller.checkpointWritten()) {
          context.getScheduler().triggerJob(PASS);
        }
      } catch (SchedulerException e) {
        throw new JobExecutionException(e);
      }
    }
  }
}
