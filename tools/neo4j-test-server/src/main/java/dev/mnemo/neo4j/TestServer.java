// The mnemo Neo4j test server: Neo4j 5.26 Community in-process (neo4j-harness), no Docker needed.
package dev.mnemo.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * Starts a fresh, empty Neo4j database with Bolt and HTTP (plus Neo4j Browser when its jar is on
 * the classpath) on loopback, prints one readiness line and runs until SIGTERM/SIGINT.
 *
 * <p>Options (argument beats environment variable beats default):
 *
 * <pre>
 *   --host H         NEO4J_HOST        127.0.0.1   listen address of both connectors
 *   --bolt-port N    NEO4J_BOLT_PORT   7687
 *   --http-port N    NEO4J_HTTP_PORT   7474
 *   --pagecache S    NEO4J_PAGECACHE   512m        page cache size (k/m/g suffix)
 *   --work-dir D     NEO4J_WORK_DIR    a temp dir  parent of the database directory
 * </pre>
 *
 * Authentication is disabled: this is a development and test server bound to loopback only.
 */
public final class TestServer {
    private TestServer() {}

    public static void main(String[] args) throws Exception {
        Options opts;
        try {
            opts = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("neo4j-test-server: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }

        // The harness creates a fresh random sub-directory below this one and removes it on close,
        // so every start sees an empty database.
        boolean ownTempDir = opts.workDir == null;
        Path workDir = ownTempDir
                ? Files.createTempDirectory("mnemo-neo4j-")
                : Files.createDirectories(Path.of(opts.workDir));

        Neo4j neo4j = Neo4jBuilders.newInProcessBuilder(workDir)
                .withConfig(BoltConnector.enabled, true)
                .withConfig(BoltConnector.listen_address, new SocketAddress(opts.host, opts.boltPort))
                .withConfig(BoltConnector.advertised_address, new SocketAddress(opts.host, opts.boltPort))
                .withConfig(HttpConnector.enabled, true)
                .withConfig(HttpConnector.listen_address, new SocketAddress(opts.host, opts.httpPort))
                .withConfig(HttpConnector.advertised_address, new SocketAddress(opts.host, opts.httpPort))
                .withConfig(GraphDatabaseSettings.auth_enabled, false)
                // The harness default is 8 MB, far too small for a graph of a million facts.
                .withConfig(GraphDatabaseSettings.pagecache_memory, opts.pagecacheBytes)
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("NEO4J STOPPING");
            System.out.flush();
            try {
                neo4j.close();
                if (ownTempDir) {
                    Files.deleteIfExists(workDir);
                }
            } catch (java.io.IOException e) {
                System.err.println("could not remove " + workDir + ": " + e);
            } finally {
                stopped.countDown();
            }
        }, "neo4j-shutdown"));

        // One line, parsed by scripts/neo4j-dev: "NEO4J READY bolt://host:port http://host:port/browser/".
        System.out.println("NEO4J READY bolt://" + opts.host + ":" + opts.boltPort
                + " http://" + opts.host + ":" + opts.httpPort + "/browser/");
        System.out.flush();
        stopped.await();
    }

    /** Command-line and environment options. */
    static final class Options {
        static final String USAGE = "usage: neo4j-test-server [--host H] [--bolt-port N]"
                + " [--http-port N] [--pagecache SIZE] [--work-dir DIR]";

        String host = env("NEO4J_HOST", "127.0.0.1");
        int boltPort = port(env("NEO4J_BOLT_PORT", "7687"));
        int httpPort = port(env("NEO4J_HTTP_PORT", "7474"));
        long pagecacheBytes = size(env("NEO4J_PAGECACHE", "512m"));
        String workDir = System.getenv("NEO4J_WORK_DIR");

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (flag.equals("--help") || flag.equals("-h")) {
                    System.out.println(USAGE);
                    System.exit(0);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + flag);
                }
                String value = args[++i];
                switch (flag) {
                    case "--host" -> o.host = value;
                    case "--bolt-port" -> o.boltPort = port(value);
                    case "--http-port" -> o.httpPort = port(value);
                    case "--pagecache" -> o.pagecacheBytes = size(value);
                    case "--work-dir" -> o.workDir = value;
                    default -> throw new IllegalArgumentException("unknown option " + flag);
                }
            }
            return o;
        }

        private static String env(String name, String fallback) {
            String v = System.getenv(name);
            return v == null || v.isBlank() ? fallback : v.trim();
        }

        static int port(String s) {
            try {
                int p = Integer.parseInt(s.trim());
                if (p < 0 || p > 65535) {
                    throw new NumberFormatException();
                }
                return p;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad port " + s);
            }
        }

        static long size(String s) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            long unit = 1;
            if (t.endsWith("k")) {
                unit = 1L << 10;
            } else if (t.endsWith("m")) {
                unit = 1L << 20;
            } else if (t.endsWith("g")) {
                unit = 1L << 30;
            }
            if (unit != 1) {
                t = t.substring(0, t.length() - 1);
            }
            try {
                return Long.parseLong(t) * unit;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad size " + s);
            }
        }
    }
}
