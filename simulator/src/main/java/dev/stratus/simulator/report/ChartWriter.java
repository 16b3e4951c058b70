package dev.stratus.simulator.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import dev.stratus.simulator.run.SampleResult;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a run with XChart: mean cost per policy, mean spot and on-demand hours per policy, and one
 * sample's timeline (where each policy ran, tick by tick), stacked in one PNG or SVG.
 */
public final class ChartWriter {
  static final int WIDTH = 1000;
  static final int HEIGHT = 340;

  private ChartWriter() {}

  /** One sample to draw: the location names, the tick length, and each policy's timeline. */
  public record Timeline(
      List<String> locations, double tickHours, Map<String, SampleResult> runs) {}

  public static void write(Path file, Summary summary, Timeline timeline) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!name.endsWith(".png") && !name.endsWith(".svg")) {
      throw new IllegalArgumentException("--chart " + file + " must end with .png or .svg");
    }
    List<Chart<?, ?>> charts = List.of(cost(summary), hours(summary), timeline(timeline));
    int height = HEIGHT * charts.size();
    try (OutputStream out = Files.newOutputStream(file)) {
      if (name.endsWith(".png")) {
        var image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        paint(g, charts);
        g.dispose();
        ImageIO.write(image, "png", out);
      } else {
        var g = new VectorGraphics2D();
        paint(g, charts);
        new SVGProcessor()
            .getDocument(g.getCommands(), new PageSize(0, 0, WIDTH, height))
            .writeTo(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("--chart " + file + ": " + e.getMessage(), e);
    }
  }

  private static void paint(Graphics2D g, List<Chart<?, ?>> charts) {
    for (int i = 0; i < charts.size(); i++) {
      Graphics2D part = (Graphics2D) g.create(0, i * HEIGHT, WIDTH, HEIGHT);
      charts.get(i).paint(part, WIDTH, HEIGHT);
      part.dispose();
    }
  }

  private static CategoryChart cost(Summary s) {
    CategoryChart c = bars("Mean cost per job (" + s.samples() + " samples)", "USD");
    c.getStyler().setLegendVisible(false);
    c.addSeries("cost", names(s), values(s, PolicySummary::costUsd));
    return c;
  }

  private static CategoryChart hours(Summary s) {
    CategoryChart c = bars("Mean hours of work on spot and on on-demand", "hours");
    c.getStyler().setStacked(true);
    c.addSeries("spot", names(s), values(s, PolicySummary::spotHours));
    c.addSeries("on-demand", names(s), values(s, PolicySummary::onDemandHours));
    return c;
  }

  private static CategoryChart bars(String title, String unit) {
    return new CategoryChartBuilder()
        .width(WIDTH)
        .height(HEIGHT)
        .title(title)
        .yAxisTitle(unit)
        .build();
  }

  private static List<Double> values(Summary s, ToDoubleFunction<PolicySummary> f) {
    return s.policies().values().stream().map(f::applyAsDouble).toList();
  }

  private static XYChart timeline(Timeline t) {
    XYChart c =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("One sample: where the job ran, tick by tick")
            .xAxisTitle("hours since the job's start")
            .build();
    List<String> labels = new ArrayList<>(List.of("idle", "on-demand", "flex", "reserved"));
    labels.addAll(t.locations());
    c.getStyler().setYAxisMin(-0.5).setYAxisMax(labels.size() - 0.5);
    c.getStyler().setYAxisTickMarkSpacingHint(Math.max(10, (HEIGHT - 80) / (labels.size() + 1)));
    c.getStyler()
        .setYAxisTickLabelsFormattingFunction(
            y -> {
              int i = (int) Math.round(y);
              return Math.abs(y - i) < 0.3 && i >= 0 && i < labels.size() ? labels.get(i) : "";
            });
    int k = 0;
    for (var run : t.runs().entrySet()) {
      int[] line = run.getValue().timeline();
      double[] x = new double[line.length];
      double[] y = new double[line.length];
      double offset = 0.08 * k++;
      for (int i = 0; i < line.length; i++) {
        x[i] = i * t.tickHours();
        y[i] = row(line[i]) + offset;
      }
      c.addSeries(run.getKey(), x, y)
          .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step)
          .setMarker(SeriesMarkers.NONE);
    }
    return c;
  }

  private static int row(int code) {
    if (code >= 0) {
      return code + 4;
    }
    if (code == SampleResult.ON_DEMAND) {
      return 1;
    }
    if (SampleResult.blockOf(code) >= 0) {
      return 3;
    }
    return SampleResult.flexOf(code) >= 0 && !SampleResult.queued(code) ? 2 : 0;
  }

  private static List<String> names(Summary s) {
    return List.copyOf(s.policies().keySet());
  }
}
