package dev.stratus.daemon;

import dev.stratus.core.controller.Controller;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDataMap;
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
 * Runs the controller's reconcile passes on Quartz: every reconcile interval, and at once when
 * {@link #wake()} is called (a hook request arrived, a launch ended, a bootstrap report came).
 * Quartz never runs two passes at the same time, and a pass never waits on a cloud call (those are
 * the controller's cloud tasks). Notices are not passes' business: the controller's notice lane has
 * its own thread, with its own requeue-due and checkpoint triggers.
 */
public final class ControllerDaemon implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ControllerDaemon.class);
  private static final String CONTROLLER = "stratus.controller";
  private static final String QUEUED = "stratus.passQueued";
  private static final JobKey PASS = JobKey.jobKey("reconcile", "stratus");
  private static final String TASK = "stratus.task";

  private final Scheduler scheduler;

  /** A woken pass is queued and has not started: more wakes add nothing. */
  private final AtomicBoolean queued = new AtomicBoolean();

  public ControllerDaemon(Controller controller, Duration interval) {
    try {
      Properties props = new Properties();
      props.setProperty("org.quartz.scheduler.instanceName", "stratus-" + UUID.randomUUID());
      // One thread for passes, one for the side jobs (price refresh): a slow price API never
      // delays a pass. Passes still never overlap (@DisallowConcurrentExecution).
      props.setProperty("org.quartz.threadPool.threadCount", "2");
      props.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
      props.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
      scheduler = new StdSchedulerFactory(props).getScheduler();
      scheduler.getContext().put(CONTROLLER, controller);
      scheduler.getContext().put(QUEUED, queued);
      scheduler.scheduleJob(
          JobBuilder.newJob(PassJob.class).withIdentity(PASS).storeDurably().build(),
          every(interval));
    } catch (SchedulerException e) {
      throw new IllegalStateException("cannot set up the Quartz scheduler: " + e.getMessage(), e);
    }
  }

  /** From now on, every {@code interval}; a late run is skipped, not made up. */
  private static Trigger every(Duration interval) {
    return TriggerBuilder.newTrigger()
        .startNow()
        .withSchedule(
            SimpleScheduleBuilder.simpleSchedule()
                .withIntervalInMilliseconds(interval.toMillis())
                .repeatForever()
                .withMisfireHandlingInstructionNextWithRemainingCount())
        .build();
  }

  /**
   * Runs {@code task} every {@code interval} from now on, on the scheduler's second thread (never
   * the pass's); a run is skipped while the last one is still going, and a failed run is logged.
   */
  public void every(String name, Duration interval, Runnable task) {
    try {
      scheduler.scheduleJob(
          JobBuilder.newJob(TaskJob.class)
              .withIdentity(name, "stratus")
              .usingJobData(new JobDataMap(Map.of(TASK, task)))
              .build(),
          every(interval));
    } catch (SchedulerException e) {
      throw new IllegalStateException("cannot schedule " + name + ": " + e.getMessage(), e);
    }
  }

  public void start() {
    try {
      scheduler.start();
    } catch (SchedulerException e) {
      throw new IllegalStateException("cannot start the scheduler: " + e.getMessage(), e);
    }
  }

  /**
   * Asks for a pass as soon as possible; wakes while one is queued and not yet started add nothing
   * (many launches ending together ask for one pass, not one each). Safe from any thread.
   */
  public void wake() {
    if (!queued.compareAndSet(false, true)) {
      return;
    }
    try {
      scheduler.triggerJob(PASS);
    } catch (SchedulerException e) {
      queued.set(false);
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

  /** A side job scheduled with {@link #every}. */
  @DisallowConcurrentExecution
  public static final class TaskJob implements Job {
    @Override
    public void execute(JobExecutionContext context) {
      try {
        ((Runnable) context.getMergedJobDataMap().get(TASK)).run();
      } catch (RuntimeException e) {
        log.error("{} failed: {}", context.getJobDetail().getKey().getName(), e.getMessage(), e);
      }
    }
  }

  /** The Quartz job: one controller pass; a failed pass is logged and the next one tries again. */
  @DisallowConcurrentExecution
  public static final class PassJob implements Job {
    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
      try {
        // Cleared before the pass: a wake during it asks for the next one.
        ((AtomicBoolean) context.getScheduler().getContext().get(QUEUED)).set(false);
        long start = System.nanoTime();
        ((Controller) context.getScheduler().getContext().get(CONTROLLER)).runPass();
        // what the scale harness reads its pass times from (docs/guide/testing.md)
        log.debug("pass took {} us", (System.nanoTime() - start) / 1_000);
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
}
