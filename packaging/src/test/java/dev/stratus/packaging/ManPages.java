package dev.stratus.packaging;

import dev.stratus.cli.StratusCli;
import java.io.File;
import java.io.IOException;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes one AsciiDoc man page per command of the command tree the package ships ({@code stratus},
 * {@code stratus-controller}, {@code stratus-budget-show}...), from the picocli annotations, so a
 * page cannot drift from the command. A build step, not a test: packaging/pom.xml runs it at
 * prepare-package, and Asciidoctor turns the pages into troff for /usr/share/man/man1.
 */
public final class ManPages {
  private ManPages() {}

  /**
   * @param args the directory to write the .adoc pages to
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: ManPages OUTPUT_DIR");
    }
    File out = new File(args[0]);
    int rc =
        ManPageGenerator.generateManPage(
            out, null, new boolean[0], true, StratusCli.commandLine().getCommandSpec());
    if (rc != 0) {
      throw new IOException("picocli's ManPageGenerator exited " + rc + " writing to " + out);
    }
  }
}
