// Times Google's robots.txt parser (github.com/google/robotstxt) parsing one file into a
// grouped structure like ours: groups of user-agents with their allow/disallow rules, each
// value copied out of the body, as parseRobots keeps its own strings.
// Built and run by bench/google-peer.ts; prints the median of ROUNDS parses in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

namespace {

struct Rule {
  bool allow;
  int line;
  std::string pattern;
};

struct Group {
  std::vector<std::string> agents;
  std::vector<Rule> rules;
};

// Groups as RFC 9309 forms them: consecutive user-agent lines start a group, the first rule
// after them closes its list of agents.
class GroupingHandler : public googlebot::RobotsParseHandler {
 public:
  std::vector<Group> groups;
  std::vector<std::string> sitemaps;

  void HandleRobotsStart() override { groups.clear(); sitemaps.clear(); in_agents_ = false; }
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int, absl::string_view value) override {
    if (!in_agents_) groups.emplace_back();
    in_agents_ = true;
    groups.back().agents.emplace_back(value);
  }
  void HandleAllow(int line, absl::string_view value) override { AddRule(true, line, value); }
  void HandleDisallow(int line, absl::string_view value) override { AddRule(false, line, value); }
  void HandleSitemap(int, absl::string_view value) override { sitemaps.emplace_back(value); }
  void HandleUnknownAction(int, absl::string_view, absl::string_view) override {}

 private:
  bool in_agents_ = false;
  void AddRule(bool allow, int line, absl::string_view value) {
    in_agents_ = false;
    if (groups.empty()) return;  // a rule before any user-agent line belongs to no group
    groups.back().rules.push_back(Rule{allow, line, std::string(value)});
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s FILE ROUNDS\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string body = buffer.str();
  const int rounds = std::atoi(argv[2]);

  GroupingHandler handler;
  for (int i = 0; i < 3; ++i) googlebot::ParseRobotsTxt(body, &handler);  // warm caches
  std::vector<double> ms;
  size_t rules = 0;
  for (int i = 0; i < rounds; ++i) {
    const auto start = std::chrono::steady_clock::now();
    googlebot::ParseRobotsTxt(body, &handler);
    const auto end = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    rules = 0;
    for (const Group& g : handler.groups) rules += g.rules.size();
  }
  std::sort(ms.begin(), ms.end());
  std::printf("%.3f %zu %zu\n", ms[ms.size() / 2], handler.groups.size(), rules);
  return 0;
}
