package dev.stratus.hook.spool;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * A running watch on a spool directory; {@link #close} stops it. A rename into the directory
 * (inotify IN_MOVED_TO) arrives as ENTRY_CREATE. An OVERFLOW (events lost) also calls back, since
 * the callback is expected to rescan the whole spool anyway.
 */
public final class SpoolWatch implements AutoCloseable {
  private final WatchService service;
  private final Thread thread;

  private SpoolWatch(WatchService service, Thread thread) {
    this.service = service;
    this.thread = thread;
  }

  static SpoolWatch start(Path dir, Runnable onNewRequest) throws IOException {
    WatchService ws = dir.getFileSystem().newWatchService();
    dir.register(ws, StandardWatchEventKinds.ENTRY_CREATE);
    Thread t = new Thread(() -> loop(ws, onNewRequest), "stratus-spool-watch");
    t.setDaemon(true);
    t.start();
    return new SpoolWatch(ws, t);
  }

  private static void loop(WatchService ws, Runnable onNewRequest) {
    try {
      while (true) {
        WatchKey key = ws.take();
        boolean fire = false;
        for (WatchEvent<?> e : key.pollEvents()) {
          fire |= e.kind() == StandardWatchEventKinds.OVERFLOW || isRequest(e.context());
        }
        key.reset();
        if (fire) {
          try {
            onNewRequest.run();
          } catch (RuntimeException ex) {
            System.getLogger(SpoolWatch.class.getName())
                .log(System.Logger.Level.ERROR, "spool watch callback failed", ex);
          }
        }
      }
    } catch (InterruptedException | ClosedWatchServiceException stop) {
      // closed: end the thread
    }
  }

  private static boolean isRequest(Object context) {
    String name = String.valueOf(context);
    return name.endsWith(Spool.SUFFIX) && !name.startsWith(Spool.TEMP_PREFIX);
  }

  @Override
  public void close() throws IOException {
    service.close();
    thread.interrupt();
  }
}
