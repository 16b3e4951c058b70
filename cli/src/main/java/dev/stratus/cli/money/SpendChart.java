package dev.stratus.cli.money;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import dev.stratus.core.money.CostReport;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Spend per bucket, stacked by the report's key, drawn with XChart as PNG or SVG. */
final class SpendChart {
  static final int WIDTH = 1100;
  static final int HEIGHT = 500;

  private SpendChart() {}

  static void write(Path file, CostReport report) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!name.endsWith(".png") && !name.endsWith(".svg")) {
      throw new IllegalArgumentException("--chart " + file + " must end with .png or .svg");
    }
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("Spend by " + report.by().label())
            .yAxisTitle("USD")
            .build();
    chart.getStyler().setStacked(true);
    chart.getStyler().setXAxisLabelRotation(45);
    List<String> x =
        report.bucketStarts().stream().map(i -> i.toString().substring(0, 16)).toList();
    report
        .series()
        .forEach(
            (key, values) ->
                chart.addSeries(key, x, values.stream().map(BigDecimal::doubleValue).toList()));
    try (OutputStream out = Files.newOutputStream(file)) {
      if (name.endsWith(".png")) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        chart.paint(g, WIDTH, HEIGHT);
        g.dispose();
        ImageIO.write(image, "png", out);
      } else {
        VectorGraphics2D g = new VectorGraphics2D();
        chart.paint(g, WIDTH, HEIGHT);
        new SVGProcessor()
            .getDocument(g.getCommands(), new PageSize(0, 0, WIDTH, HEIGHT))
            .writeTo(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("--chart " + file + ": " + e.getMessage(), e);
    }
  }
}
