package dev.stratus.tests.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.IdGenerator;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;

/**
 * One Markdown file of the repository, parsed by commonmark as GitHub renders it: its links, the
 * anchors its headings get, its prose (text outside code) and its tables' first cells.
 */
record MarkdownFile(Path path, Node document) {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Parser PARSER =
      Parser.builder().extensions(List.of(TablesExtension.create())).build();

  static MarkdownFile read(Path path) {
    try {
      return new MarkdownFile(path, PARSER.parse(Files.readString(path)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every Markdown file in the repository but build output. */
  static List<MarkdownFile> all() throws IOException {
    try (Stream<Path> walk = Files.walk(ROOT)) {
      return walk.filter(p -> p.toString().endsWith(".md"))
          .filter(
              p -> {
                for (Path part : ROOT.relativize(p)) {
                  String s = part.toString();
                  if (s.equals("target") || s.startsWith(".") || s.equals("node_modules")) {
                    return false;
                  }
                }
                return true;
              })
          .sorted()
          .map(MarkdownFile::read)
          .toList();
    }
  }

  String name() {
    return ROOT.relativize(path).toString();
  }

  /** Link destinations, in order. */
  List<String> links() {
    List<String> out = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Link link) {
            out.add(link.getDestination());
            visitChildren(link);
          }
        });
    return out;
  }

  /** The anchors GitHub gives the headings: lowercased, punctuation dropped, repeats numbered. */
  Set<String> anchors() {
    IdGenerator ids = IdGenerator.builder().build();
    Set<String> out = new LinkedHashSet<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Heading heading) {
            out.add(ids.generateId(text(heading)));
          }
        });
    return out;
  }

  /** The text of headings of {@code level}, code spans included. */
  List<String> headings(int level) {
    List<String> out = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Heading heading) {
            if (heading.getLevel() == level) {
              out.add(text(heading).strip());
            }
          }
        });
    return out;
  }

  /** Prose: the text nodes, not code spans or code blocks. */
  List<String> prose() {
    List<String> out = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Text text) {
            out.add(text.getLiteral());
          }
        });
    return out;
  }

  /** The code span that opens the first cell of each body row of each table. */
  List<String> firstCellCode() {
    List<String> out = new ArrayList<>();
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(CustomBlock block) {
            if (block instanceof TableBlock) {
              for (Node part = block.getFirstChild(); part != null; part = part.getNext()) {
                if (part instanceof TableBody) {
                  for (Node row = part.getFirstChild(); row != null; row = row.getNext()) {
                    Node cell = row.getFirstChild();
                    if (cell != null && cell.getFirstChild() instanceof Code code) {
                      out.add(code.getLiteral());
                    }
                  }
                }
              }
            }
          }
        });
    return out;
  }

  static String text(Node node) {
    StringBuilder sb = new StringBuilder();
    node.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Text text) {
            sb.append(text.getLiteral());
          }

          @Override
          public void visit(Code code) {
            sb.append(code.getLiteral());
          }
        });
    return sb.toString();
  }
}
