/* cns — the applications module: traffic sources and sinks (on-off, bulk
 * send, packet sink, UDP echo) and their helpers, over one base that owns
 * the socket and addresses (CnsSourceApplication) and the protocol stack
 * of internet/. Like ns-3's applications-module.h: include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-internet.h"

#include "applications/cns-application-endpoint.h"
#include "applications/cns-bulk-send-application.h"
#include "applications/cns-bulk-send-helper.h"
#include "applications/cns-on-off-application.h"
#include "applications/cns-on-off-helper.h"
#include "applications/cns-packet-sink-helper.h"
#include "applications/cns-packet-sink.h"
#include "applications/cns-source-application.h"
#include "applications/cns-udp-echo-client-helper.h"
#include "applications/cns-udp-echo-client.h"
#include "applications/cns-udp-echo-server-helper.h"
#include "applications/cns-udp-echo-server.h"
