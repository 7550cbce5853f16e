// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line of traced */
#include "options.h"
#include "parse.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
"Usage: traced [OPTIONS] -o TRACEDIR -- PROGRAM [ARGS...]\n"
"       traced [OPTIONS] -o TRACEDIR -t SECONDS\n"
"       traced [OPTIONS] -o TRACEDIR            (until SIGINT/SIGTERM)\n"
"\n"
"Trace the whole system with the LTT tracer (/dev/tracer) while PROGRAM\n"
"runs, for SECONDS, or until interrupted, and write the trace to TRACEDIR\n"
"(files header, events, lost, proc).\n"
"\n"
"Options:\n"
"  -o, --output DIR         trace directory (created if missing)\n"
"  -f, --force              write into a non-empty directory\n"
"  -t, --time SECONDS       trace for SECONDS (fractions allowed)\n"
"  -e, --events LIST        events to record (default: all)\n"
"  -b, --buffer-size BYTES  size of each module buffer (k/M suffixes;\n"
"                           %u..%u)\n"
"  -n, --buffers COUNT      module buffers per CPU (%u..%u)\n"
"      --write-buffer BYTES size of each of the daemon's two write\n"
"                           buffers (default 4M)\n"
"  -d, --device PATH        tracer device (default %s)\n"
"  -q, --quiet              no report at the end\n"
"      --stats FILE         also write the report as JSON to FILE\n"
"                           (sizes, lost events, the daemon's CPU time)\n"
"  -h, --help               this help\n"
"      --version            version of traced and of the trace format\n"
"\n"
"%s"
"\n"
"Exit status: PROGRAM's (128+N if killed by signal N; 127 if it cannot be\n"
"executed), else 0; 1 on a setup or device error, 2 on a bad command\n"
"line, 3 on a write error (the trace so far is kept, marked incomplete).\n",
		(unsigned int)LTT_BUFFER_SIZE_MIN, LTT_BUFFER_SIZE_MAX,
		(unsigned int)LTT_BUFFER_COUNT_MIN,
		(unsigned int)LTT_BUFFER_COUNT_MAX, DEFAULT_DEVICE,
		events_help());
}

static int bad(const char *fmt, const char *arg)
{
	fputs("traced: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'traced --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

/* The option getopt complained about, for messages. */
static const char *optname(const char *arg, int opt)
{
	if (opt > 0 && opt < 256) {
		static char buf[3];

		buf[0] = '-';
		buf[1] = (char)opt;
		buf[2] = '\0';
		return buf;
	}
	return arg;
}

enum { OPT_VERSION = 256, OPT_WRITE_BUFFER, OPT_STATS };

int options_parse(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "output",		required_argument, NULL, 'o' },
		{ "force",		no_argument,	   NULL, 'f' },
		{ "time",		required_argument, NULL, 't' },
		{ "events",		required_argument, NULL, 'e' },
		{ "buffer-size",	required_argument, NULL, 'b' },
		{ "buffers",		required_argument, NULL, 'n' },
		{ "write-buffer",	required_argument, NULL, OPT_WRITE_BUFFER },
		{ "device",		required_argument, NULL, 'd' },
		{ "quiet",		no_argument,	   NULL, 'q' },
		{ "stats",		required_argument, NULL, OPT_STATS },
		{ "help",		no_argument,	   NULL, 'h' },
		{ "version",		no_argument,	   NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const char *badev;
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	o->device = DEFAULT_DEVICE;
	o->write_buffer = DEFAULT_WRITE_BUFFER;
	event_lookup("all", &o->mask);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+:o:ft:e:b:n:d:qh", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case 'f':
			o->force = 1;
			break;
		case 't':
			if (parse_duration(optarg, &o->duration) < 0)
				return bad("bad duration '%s' (seconds > 0)",
					   optarg);
			break;
		case 'e':
			if (parse_events(optarg, &o->mask, &badev) < 0)
				return bad("unknown event or empty event list: "
					   "'%s' (see --help)", badev);
			break;
		case 'b':
			if (parse_size(optarg, &v) < 0 ||
			    v < LTT_BUFFER_SIZE_MIN || v > LTT_BUFFER_SIZE_MAX)
				return bad("bad buffer size '%s' (4k..16M)",
					   optarg);
			o->buffer_size = (uint32_t)v;
			break;
		case 'n':
			if (parse_count(optarg, &v) < 0 ||
			    v < LTT_BUFFER_COUNT_MIN ||
			    v > LTT_BUFFER_COUNT_MAX)
				return bad("bad buffer count '%s' (2..256)",
					   optarg);
			o->buffer_count = (uint32_t)v;
			break;
		case OPT_WRITE_BUFFER:
			if (parse_size(optarg, &v) < 0 ||
			    v < WRITE_BUFFER_MIN || v > WRITE_BUFFER_MAX)
				return bad("bad write buffer size '%s' "
					   "(4k..1G)", optarg);
			o->write_buffer = v;
			break;
		case 'd':
			o->device = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_STATS:
			o->stats = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case OPT_VERSION:
			printf("traced %s (LTT trace format %d.%d, tracer ABI %d)\n",
			       TRACED_VERSION, LTT_FORMAT_MAJOR,
			       LTT_FORMAT_MINOR, LTT_ABI_VERSION);
			return 0;
		case ':':
			return bad("option '%s' needs an argument",
				   optname(argv[optind - 1], optopt));
		default:
			return bad("unknown option '%s'",
				   optname(argv[optind - 1], optopt));
		}
	}
	if (optind < argc)
		o->program = argv + optind;
	if (!o->output)
		return bad("%s", "no trace directory given (-o DIR)");
	if (o->program && o->duration > 0)
		return bad("%s", "give either -t SECONDS or a PROGRAM, not both");
	return -1;
}
