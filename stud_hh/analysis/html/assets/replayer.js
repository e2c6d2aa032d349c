/* stud-hh visual hand replayer: plain ES2017, no library, nothing fetched.
 *
 * The hands a page can replay are embedded once as JSON (a script element of type
 * application/json with the id stud-hh-hands, keyed "<site>#<hand_id>"), written by
 * stud_hh.analysis.html.replayer.views_script compact (each step only what changed:
 * stud_hh.analysis.html.replayer_compact) and expanded here once when a hand is opened. Any element with data-hand="<key>" opens
 * its hand in an overlay; an element with data-replayer-mount="<key>" gets the replayer
 * inline (the page of `stud-hh show --html`).
 *
 * Each seat shows its stack, the chips it has in front of it on the street's betting, its
 * cards and, where its cards are known, its equity on the street (view.equity); the hero's
 * live and dead cards are under the controls (step.hero_cards). A switch shows every
 * amount of the table in big bets of the hand (header.big_bet; the choice is kept in the
 * browser's storage for the next hand).
 *
 * window.StudReplayer: open(key), close(), mount(element, key), views().
 * Keys: left/right arrow step, Home/End first/last, Esc closes the overlay.
 * Every text from a hand is set as text (never parsed as HTML).
 */
(function () {
  'use strict';
  if (window.StudReplayer) { return; }

  var SUITS = { s: '\u2660', h: '\u2665', d: '\u2666', c: '\u2663' };
  var SUIT_NAMES = { s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs' };
  var RANKS = { T: '10' };
  var KINDS_WITH_SEAT = { bring_in: 1, action: 1, ignored: 1, uncalled: 1, show: 1,
                          muck: 1, collect: 1 };
  var views = null;
  var expanded = {};
  var overlay = null;
  var inline = [];
  var lastInline = null;

  function loadViews() {
    if (views === null) {
      var block = document.getElementById('stud-hh-hands');
      views = {};
      if (block) {
        try { views = JSON.parse(block.textContent) || {}; } catch (e) { views = {}; }
      }
    }
    return views;
  }

  /* A dictionary with no inherited keys (a player may be called "constructor"). */
  function dict() { return Object.create(null); }

  function copy(from) {
    var to = dict();
    for (var k in from) { to[k] = from[k]; }
    return to;
  }

  /* The full view of a compact one (stud_hh.analysis.html.replayer_compact, whose
   * expand_view is this in Python): each step's table rebuilt from its changes. */
  function expand(small) {
    var view = {}, players = small.P, amounts = small.$, texts = small.T;
    Object.keys(small).forEach(function (k) {
      if (['v', 'P', '$', 'T', 's'].indexOf(k) < 0) { view[k] = small[k]; }
    });
    var table = { p: 0, c: null, f: [], h: null, S: dict(), C: dict(), N: dict(), B: dict() };
    view.steps = small.s.map(function (s) {
      ['p', 'c', 'f', 'h'].forEach(function (k) { if (k in s) { table[k] = s[k]; } });
      ['S', 'C', 'N', 'B'].forEach(function (k) {
        var whole = (k + '=') in s, pairs = s[whole ? k + '=' : k] || [];
        if (!whole && !pairs.length) { return; }
        table[k] = whole ? dict() : copy(table[k]);
        for (var i = 0; i < pairs.length; i += 2) { table[k][players[pairs[i]]] = pairs[i + 1]; }
      });
      var line = 'l' in s ? s.l : null;
      var step = {
        kind: s.k, label: 'a' in s ? s.a : '', notes: s.n || [], street: 's' in s ? s.s : null,
        line: line, lines: s.L || (line === null ? [] : [line]),
        player: 'w' in s ? players[s.w] : null,
        pot: table.p, pot_text: amounts[String(table.p)], stacks: table.S,
        stack_texts: dict(), front: table.B, front_texts: dict(), cards: dict(),
        names: table.N, hero_cards: table.h,
        folded: table.f.map(function (i) { return players[i]; }), common: table.c,
        text: 't' in s ? s.t : (line === null ? '' : texts[String(line)] || ''),
        violations: (s.v || []).map(function (i) { return small.violations[i]; }),
        result: !!s.r
      };
      for (var name in table.S) { step.stack_texts[name] = amounts[String(table.S[name])]; }
      for (name in table.B) { step.front_texts[name] = amounts[String(table.B[name])]; }
      for (name in table.C) { step.cards[name] = slots(table.C[name]); }
      return step;
    });
    return view;
  }

  function slots(text) {
    return text.split(' ').filter(Boolean).map(function (word) {
      var up = word.charAt(0) === '+', card = up ? word.slice(1) : word;
      return { card: card === '??' ? null : card, up: up };
    });
  }

  /* The full view of the hand ``key`` (expanded once), or null when it is not embedded. */
  function viewOf(key) {
    var all = loadViews();
    if (!Object.prototype.hasOwnProperty.call(all, key)) { return null; }
    if (!Object.prototype.hasOwnProperty.call(expanded, key)) {
      expanded[key] = all[key] && all[key].v === 1 ? expand(all[key]) : all[key];
    }
    return expanded[key];
  }

  /* Every embedded hand's full view, by key. */
  function allViews() {
    var out = {};
    Object.keys(loadViews()).forEach(function (key) { out[key] = viewOf(key); });
    return out;
  }

  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function cardNode(card, up) {
    var node = make('span', 'card ' + (up ? 'up' : 'down'));
    if (!card) {
      node.setAttribute('data-card', '??');
      node.classList.add('back');
      node.title = up ? 'a card the history does not print' : 'a down card (not shown)';
      return node;
    }
    var rank = card.charAt(0), suit = card.charAt(1);
    node.setAttribute('data-card', card);
    node.classList.add('suit-' + suit);
    node.title = (RANKS[rank] || rank) + ' of ' + (SUIT_NAMES[suit] || suit) +
      (up ? ' (up)' : ' (down)');
    node.appendChild(make('span', 'rank', RANKS[rank] || rank));
    node.appendChild(make('span', 'suit', SUITS[suit] || suit));
    return node;
  }

  function seatOrder(view) {
    var seats = view.seats.slice();
    var hero = -1;
    for (var i = 0; i < seats.length; i++) {
      if (seats[i].player === view.hero) { hero = i; }
    }
    if (hero > 0) { seats = seats.slice(hero).concat(seats.slice(0, hero)); }
    return seats;
  }

  /* An amount in big bets: "1.5 BB", "+2 BB" with ``sign``. */
  function bigBets(units, bigBet, sign) {
    var text = (Math.round(units / bigBet * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
    return (sign && units > 0 ? '+' : '') + text + ' BB';
  }

  function percent(share) { return (share * 100).toFixed(1) + '%'; }

  var STORAGE_BB = 'stud-hh-replayer-big-bets';

  function stored(name) {
    try { return window.localStorage.getItem(name) === '1'; } catch (e) { return false; }
  }

  function store(name, on) {
    try { window.localStorage.setItem(name, on ? '1' : '0'); } catch (e) { /* private mode */ }
  }

  function baseName(path) {
    var parts = String(path || '').split(/[\\/]/);
    return parts[parts.length - 1];
  }

  /* ---- one replayer ------------------------------------------------------------ */

  function Replayer(host, view, inOverlay) {
    this.view = view;
    this.steps = view.steps || [];
    this.index = 0;
    this.seats = {};
    this.bigBet = view.header.big_bet || 0;
    this.inBigBets = this.bigBet > 0 && stored(STORAGE_BB);
    this.equityAt = equityByStep(view, this.steps);
    this.root = make('div', 'stud-replayer');
    this.root.setAttribute('data-key', view.key);
    this.root.setAttribute('data-steps', String(this.steps.length));
    this.root.setAttribute('data-index', '0');
    this.root.tabIndex = 0;
    this.build(inOverlay);
    host.appendChild(this.root);
    this.go(0);
  }

  Replayer.prototype.build = function (inOverlay) {
    var head = make('header', 'sr-head');
    var h = this.view.header;
    var title = make('h2', 'sr-title', h.site + ' hand #' + h.hand_id);
    head.appendChild(title);
    var meta = [h.game + (h.mixed_game ? ' (' + h.mixed_game + ')' : ''), h.stakes,
                "table '" + h.table + "'"];
    if (h.tournament) { meta.push('tournament ' + h.tournament); }
    if (h.start_text) { meta.push(h.start_text); }
    meta.push('profile ' + h.profile);
    head.appendChild(make('div', 'sr-meta', meta.join(' \u00b7 ')));
    var four = make('label', 'sr-four');
    var box = make('input');
    box.type = 'checkbox';
    box.addEventListener('change', function () {
      this.root.classList.toggle('four-color', box.checked);
    }.bind(this));
    four.appendChild(box);
    four.appendChild(document.createTextNode(' four-colour deck'));
    var switches = make('span', 'sr-switches');
    switches.appendChild(four);
    head.appendChild(switches);
    if (this.bigBet > 0) {
      var bb = make('label', 'sr-bb');
      var bbBox = make('input');
      bbBox.type = 'checkbox';
      bbBox.checked = this.inBigBets;
      bbBox.addEventListener('change', function () {
        this.inBigBets = bbBox.checked;
        store(STORAGE_BB, bbBox.checked);
        this.go(this.index);
      }.bind(this));
      bb.title = 'amounts in big bets of ' + h.stakes;
      bb.appendChild(bbBox);
      bb.appendChild(document.createTextNode(' big bets'));
      switches.appendChild(bb);
    }
    if (inOverlay) {
      var close = make('button', 'sr-close', '\u00d7');
      close.type = 'button';
      close.title = 'close (Esc)';
      close.setAttribute('aria-label', 'close');
      close.addEventListener('click', closeOverlay);
      head.appendChild(close);
    }
    this.root.appendChild(head);
    var body = make('div', 'sr-body');
    var main = make('div', 'sr-main');
    main.appendChild(this.buildTable());
    main.appendChild(this.buildControls());
    main.appendChild(this.buildLive());
    main.appendChild(this.buildNow());
    body.appendChild(main);
    body.appendChild(this.buildList());
    this.root.appendChild(body);
    this.root.addEventListener('keydown', onKey);
    this.root.addEventListener('focusin', function () {
      if (!this.inOverlay) { lastInline = this; }
    }.bind(this));
    this.inOverlay = inOverlay;
  };

  Replayer.prototype.buildTable = function () {
    var table = make('div', 'sr-table');
    table.appendChild(make('div', 'sr-felt'));
    var center = make('div', 'sr-center');
    this.streetNode = make('div', 'sr-street');
    center.appendChild(this.streetNode);
    var pot = make('div', 'sr-pot');
    pot.appendChild(make('span', 'sr-pot-label', 'Pot '));
    this.potNode = make('span', 'pot');
    pot.appendChild(this.potNode);
    center.appendChild(pot);
    this.commonNode = make('div', 'common');
    center.appendChild(this.commonNode);
    table.appendChild(center);
    this.tableNode = table;
    this.centerNode = center;
    this.seatNodes = seatOrder(this.view).map(function (seat) {
      var node = this.buildSeat(seat);
      table.appendChild(node);
      return node;
    }, this);
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        this.layout();
        this.placeFronts();
      }.bind(this)).observe(table);
    }
    return table;
  };

  /* ---- where the seats sit -------------------------------------------------------
   * Clockwise from the hero at the bottom, evenly by angle around an ellipse or a
   * superellipse (squared off toward a rectangle, so the seats by the corners stand
   * clear of those beside them: the one of SQUARENESS that needs the lowest table), as
   * wide as the table and as tall as keeps every two seats, and each seat and the pot in
   * the middle (with CHIP_ROOM around it for the chips in front of the seats), SEAT_GAP
   * pixels apart. A table too narrow for
   * that (or that would need to be taller than TALLEST) lays the seats out in rows under
   * the pot instead (.sr-narrow). Laid out again when the table's width changes and when
   * a seat grows taller (hand names at the showdown), never shrinking within a hand. */
  var SEAT_GAP = 8;
  var SQUARENESS = [2, 3, 4, 6, 10];  /* superellipses tried: 2 is an ellipse */
  var TALLEST = 900;   /* the table's most pixels of height */
  var CHIP_ROOM = 24;  /* room kept between the seats and the pot for the chips */

  function around(angle, squareness) {
    var c = Math.cos(angle), s = Math.sin(angle), power = 2 / squareness;
    return [(c < 0 ? -1 : 1) * Math.pow(Math.abs(c), power),
            (s < 0 ? -1 : 1) * Math.pow(Math.abs(s), power)];
  }

  /* The least vertical radius keeping the boxes apart (null: none does), given each
   * seat's place on the unit superellipse and the horizontal radius. */
  function leastHeight(points, rx, seatW, seatH, centerW, centerH) {
    var ry = 0;
    function apart(dx, dyUnit, width, height) {
      if (Math.abs(dx) >= width + SEAT_GAP) { return true; }
      if (Math.abs(dyUnit) < 1e-9) { return false; }
      ry = Math.max(ry, (height + SEAT_GAP) / Math.abs(dyUnit));
      return true;
    }
    for (var i = 0; i < points.length; i++) {
      if (!apart(rx * points[i][0], points[i][1], (seatW + centerW) / 2,
                 (seatH + centerH) / 2)) { return null; }
      for (var j = i + 1; j < points.length; j++) {
        if (!apart(rx * (points[i][0] - points[j][0]), points[i][1] - points[j][1],
                   seatW, seatH)) { return null; }
      }
    }
    return ry;
  }

  Replayer.prototype.layout = function () {
    var table = this.tableNode, nodes = this.seatNodes, n = nodes.length;
    var width = table.clientWidth;
    if (!width || !n) { return; }  /* not shown (a closed tab): laid out when it is */
    var seatW = 0, seatH = 0;
    nodes.forEach(function (node) {
      seatW = Math.max(seatW, node.offsetWidth);
      seatH = Math.max(seatH, node.offsetHeight);
    });
    this.seatHeight = seatH = Math.max(this.seatHeight || 0, seatH);
    if (width === this.laidWidth && seatH === this.laidHeight) { return; }
    this.laidWidth = width;
    this.laidHeight = seatH;
    var rx = (width - seatW) / 2 - SEAT_GAP;
    /* the pot in the middle, with a ring around it for the chips in front of the seats */
    var centerW = this.centerNode.offsetWidth + 2 * CHIP_ROOM;
    var centerH = this.centerNode.offsetHeight + 2 * CHIP_ROOM;
    var points = null, ry = null;
    SQUARENESS.forEach(function (power) {  /* the roundest of the lowest tables */
      var tried = nodes.map(function (node, i) {
        return around((90 + i * 360 / n) * Math.PI / 180, power);
      });
      var least = rx > 0 ? leastHeight(tried, rx, seatW, seatH, centerW, centerH) : null;
      if (least !== null && (ry === null || least < ry - 1)) { points = tried; ry = least; }
    });
    var height = ry === null ? Infinity : 2 * ry + seatH + 2 * SEAT_GAP;
    var narrow = height > TALLEST;
    table.classList.toggle('sr-narrow', narrow);
    table.style.height = narrow ? '' : height.toFixed(0) + 'px';
    nodes.forEach(function (node, i) {
      node.style.left = narrow ? '' : (width / 2 + rx * points[i][0]).toFixed(1) + 'px';
      node.style.top = narrow ? '' : (height / 2 + ry * points[i][1]).toFixed(1) + 'px';
    });
  };

  /* The chips in front of each seat: on the line from the seat to the middle of the table,
   * the nearest place (in steps of CHIP_STEP pixels) where the pile stands clear of every
   * seat (and its action label) and of the pot; the nearest clear of its own seat where
   * none is (in rows, a narrow table: in the seat). */
  var CHIP_STEP = 4;
  var CHIP_MARGIN = 3;
  var LABEL = 14;  /* the acting seat's label hangs this far below it */

  Replayer.prototype.placeFronts = function () {
    var table = this.tableNode, nodes = this.seatNodes;
    var narrow = table.classList.contains('sr-narrow') || !this.laidWidth;
    var boxes = nodes.map(function (node) {
      var x = parseFloat(node.style.left), y = parseFloat(node.style.top);
      var w = node.offsetWidth / 2, h = node.offsetHeight / 2;
      return { x: x, y: y, left: x - w, right: x + w, top: y - h, bottom: y + h + LABEL };
    });
    var cx = table.clientWidth / 2, cy = table.clientHeight / 2;
    var pot = this.centerNode;
    var middle = { left: cx - pot.offsetWidth / 2, right: cx + pot.offsetWidth / 2,
                   top: cy - pot.offsetHeight / 2, bottom: cy + pot.offsetHeight / 2 };
    nodes.forEach(function (node, i) {
      var front = node.querySelector('.front');
      front.style.left = front.style.top = front.style.transform = '';
      if (narrow || !front.textContent) { return; }
      var b = boxes[i], dx = cx - b.x, dy = cy - b.y;
      var length = Math.sqrt(dx * dx + dy * dy);
      if (!length) { return; }
      var fw = front.offsetWidth / 2 + CHIP_MARGIN, fh = front.offsetHeight / 2 + CHIP_MARGIN;
      function clearOf(x, y, o) {
        return x + fw <= o.left || x - fw >= o.right || y + fh <= o.top || y - fh >= o.bottom;
      }
      var own = null, best = null;
      for (var d = 0; d <= length && best === null; d += CHIP_STEP) {
        var x = b.x + dx / length * d, y = b.y + dy / length * d;
        if (!clearOf(x, y, b)) { continue; }
        if (own === null) { own = [x, y]; }
        if (boxes.every(function (o) { return clearOf(x, y, o); }) && clearOf(x, y, middle)) {
          best = [x, y];
        }
      }
      var at = best || own;
      if (!at) { return; }
      front.style.left = (at[0] - b.left - node.clientLeft).toFixed(1) + 'px';
      front.style.top = (at[1] - b.top - node.clientTop).toFixed(1) + 'px';
      front.style.transform = 'translate(-50%, -50%)';
    });
  };

  Replayer.prototype.buildSeat = function (seat) {
    var node = make('div', 'seat');
    node.setAttribute('data-player', seat.player);
    node.setAttribute('data-seat', String(seat.seat));
    if (seat.player === this.view.hero) { node.classList.add('hero'); }
    if (!seat.dealt) { node.classList.add('out'); }
    var head = make('div', 'seat-head');
    head.appendChild(make('span', 'seat-name', seat.player));
    head.appendChild(make('span', 'seat-no', 'seat ' + seat.seat));
    node.appendChild(head);
    var row = make('div', 'stack-row');
    var stack = make('span', 'stack', seat.stack_text);
    row.appendChild(stack);
    var equity = make('span', 'equity');
    row.appendChild(equity);
    node.appendChild(row);
    var front = make('div', 'front');
    node.appendChild(front);
    var cards = make('div', 'cards');
    node.appendChild(cards);
    var names = make('div', 'hand-names');
    node.appendChild(names);
    var said = make('div', 'seat-action');
    node.appendChild(said);
    this.seats[seat.player] = { node: node, stack: stack, cards: cards, names: names,
                                said: said, front: front, equity: equity };
    return node;
  };

  Replayer.prototype.buildControls = function () {
    var bar = make('div', 'sr-controls');
    var buttons = [['first', '|\u25c0', 'first step (Home)'], ['prev', '\u25c0', 'back (\u2190)'],
                   ['next', '\u25b6', 'forward (\u2192)'], ['last', '\u25b6|', 'last step (End)']];
    var self = this;
    buttons.forEach(function (b, i) {
      var button = make('button', 'sr-button', b[1]);
      button.type = 'button';
      button.setAttribute('data-step', b[0]);
      button.title = b[2];
      button.setAttribute('aria-label', b[2]);
      button.addEventListener('click', function () { self.move(b[0]); });
      bar.appendChild(button);
      if (i === 1) {
        self.counter = make('span', 'sr-counter');
        bar.appendChild(self.counter);
      }
    });
    this.scrub = make('input', 'sr-scrub');
    this.scrub.type = 'range';
    this.scrub.min = '0';
    this.scrub.max = String(Math.max(this.steps.length - 1, 0));
    this.scrub.setAttribute('aria-label', 'step');
    this.scrub.addEventListener('input', function () { self.go(Number(self.scrub.value)); });
    bar.appendChild(this.scrub);
    return bar;
  };

  /* The equity of view.equity each step shows: its street's (the last dealt by then). */
  function equityByStep(view, steps) {
    var byStreet = {}, current = null;
    (view.equity || []).forEach(function (e) { byStreet[e.street] = e; });
    return steps.map(function (step) {
      if (step.kind === 'deal' && step.street) { current = byStreet[step.street] || null; }
      return current;
    });
  }

  Replayer.prototype.buildLive = function () {
    this.liveNode = make('div', 'sr-live');
    this.liveNode.hidden = true;
    return this.liveNode;
  };

  Replayer.prototype.buildNow = function () {
    var now = make('div', 'sr-now');
    var line = make('div', 'sr-action-line');
    this.actionNode = make('span', 'action');
    this.notesNode = make('span', 'action-notes');
    line.appendChild(this.actionNode);
    line.appendChild(this.notesNode);
    now.appendChild(line);
    this.sourceNode = make('div', 'source');
    now.appendChild(this.sourceNode);
    this.violationsNode = make('div', 'violations');
    now.appendChild(this.violationsNode);
    this.potsNode = make('div', 'pots');
    now.appendChild(this.potsNode);
    return now;
  };

  Replayer.prototype.buildList = function () {
    var aside = make('aside', 'sr-list');
    aside.appendChild(make('div', 'sr-list-title', 'Steps'));
    var list = make('ol', 'sr-steps');
    var self = this;
    this.items = [];
    this.steps.forEach(function (step, i) {
      var item = make('li', 'sr-item kind-' + step.kind);
      item.setAttribute('data-index', String(i));
      item.appendChild(make('span', 'sr-item-label', step.label));
      if (step.violations.length) {
        var roots = step.violations.filter(isRoot);
        var first = roots.length ? roots[0] : step.violations[0];
        item.classList.add(roots.length ? 'flagged' : 'follows');
        var flag = make('span', 'sr-item-flag', roots.length ? first.rule :
                        first.rule + ' \u21b3 line ' + first.follows_line);
        if (!roots.length) {
          flag.title = 'follows from line ' + first.follows_line + ': ' + first.follows_rule;
        }
        item.appendChild(flag);
      }
      item.addEventListener('click', function () { self.go(i); });
      list.appendChild(item);
      self.items.push(item);
    });
    this.list = list;
    aside.appendChild(list);
    return aside;
  };

  Replayer.prototype.move = function (where) {
    var last = this.steps.length - 1;
    var to = { first: 0, prev: this.index - 1, next: this.index + 1, last: last }[where];
    this.go(to);
  };

  Replayer.prototype.go = function (index) {
    if (!this.steps.length) { return; }
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.render(this.steps[this.index]);
  };

  Replayer.prototype.render = function (step) {
    var i = this.index, n = this.steps.length;
    this.root.setAttribute('data-index', String(i));
    this.counter.textContent = (i + 1) + ' / ' + n;
    this.scrub.value = String(i);
    this.root.querySelector('[data-step="first"]').disabled = i === 0;
    this.root.querySelector('[data-step="prev"]').disabled = i === 0;
    this.root.querySelector('[data-step="next"]').disabled = i === n - 1;
    this.root.querySelector('[data-step="last"]').disabled = i === n - 1;
    // a history that pays out more than was put in (its money does not balance): the pot
    // is not shown below nothing, but as overpaid (the step's note says by how much)
    var pot = this.amount(step.pot, step.pot_text);
    this.potNode.textContent = step.pot < 0 ? pot.replace(/^-/, '') + ' overpaid' : pot;
    this.streetNode.textContent = step.street ? step.street + ' street' :
      (step.kind === 'start' || step.kind === 'antes' ? 'before the deal' :
        (step.result ? 'showdown and pots' : ''));
    this.commonNode.textContent = '';
    if (step.common) {
      this.commonNode.appendChild(make('span', 'common-label', 'common card'));
      this.commonNode.appendChild(cardNode(step.common, true));
    }
    for (var name in this.seats) {
      if (Object.prototype.hasOwnProperty.call(this.seats, name)) {
        this.renderSeat(name, this.seats[name], step);
      }
    }
    this.renderLive(step);
    this.renderNow(step);
    this.renderPots(step);
    this.renderList(i);
    this.layout();
    this.placeFronts();
  };

  Replayer.prototype.renderSeat = function (name, seat, step) {
    var node = seat.node;
    seat.stack.textContent = this.amount(step.stacks[name], step.stack_texts[name]);
    var front = (step.front || {})[name] || 0;
    seat.front.textContent = front ? this.amount(front, step.front_texts[name]) : '';
    seat.front.title = front ? name + ' has put in ' + step.front_texts[name] +
      ' on this street' : '';
    var folded = step.folded.indexOf(name) >= 0;
    node.classList.toggle('folded', folded);
    node.classList.toggle('all-in', !folded && step.stacks[name] === 0 &&
                          (step.cards[name] || []).length > 0);
    node.classList.toggle('acting', step.player === name && !!KINDS_WITH_SEAT[step.kind]);
    var mine = step.violations.filter(function (v) { return v.player === name; });
    var flagged = mine.some(isRoot);
    node.classList.toggle('flagged', flagged);
    node.classList.toggle('follows', !flagged && mine.length > 0);
    node.classList.toggle('winner', step.result && this.isWinner(name));
    seat.cards.textContent = '';
    (step.cards[name] || []).forEach(function (c) { seat.cards.appendChild(cardNode(c.card, c.up)); });
    seat.names.textContent = '';
    var names = step.names[name];
    if (names) {
      if (names.high) { seat.names.appendChild(this.handName('high', names.high, names.low)); }
      if (names.low) { seat.names.appendChild(this.handName('low', names.low, names.high)); }
      if (!names.high && !names.low && names.said) {
        seat.names.appendChild(this.handName('said', names.said, null));
      }
    }
    seat.said.textContent = node.classList.contains('acting') ? step.label.replace(name + ' ', '') : '';
    this.renderEquity(name, seat, folded);
  };

  Replayer.prototype.renderEquity = function (name, seat, folded) {
    var at = this.equityAt[this.index];
    var share = at && !folded ? at.players[name] : undefined;
    seat.equity.textContent = '';
    seat.equity.title = '';
    seat.equity.removeAttribute('data-equity');
    if (!share) { return; }
    seat.equity.setAttribute('data-equity', String(share.equity));
    seat.equity.appendChild(make('span', 'equity-share', percent(share.equity)));
    if (share.high !== undefined) {
      seat.equity.appendChild(make('span', 'equity-halves', 'hi ' + Math.round(share.high * 100) +
                                   ' \u00b7 lo ' + Math.round(share.low * 100)));
    }
    var how = at.exact ? 'every one of ' + at.deals.toLocaleString('en') + ' deals' :
      at.deals.toLocaleString('en') + ' deals drawn at random';
    seat.equity.title = 'equity on ' + at.street + ' street: ' + name + "'s share of the pot " +
      'over the cards to come (' + how + ')' + (at.unknown.length ? '; ' +
      at.unknown.join(', ') + ' with the up cards seen and unknown down cards' : '');
  };

  /* An amount of the table: the site's text, or in big bets when the switch is on. */
  Replayer.prototype.amount = function (units, text, sign) {
    return this.inBigBets ? bigBets(units, this.bigBet, sign) : text;
  };

  Replayer.prototype.renderLive = function (step) {
    var node = this.liveNode, live = step.hero_cards;
    node.textContent = '';
    node.hidden = !live;
    if (!live) { return; }
    node.appendChild(make('span', 'sr-live-title', this.view.hero + "'s cards live:"));
    var parts = make('span', 'sr-live-counts');
    live.ranks.concat(live.suits).forEach(function (entry) {
      var what = SUITS[entry[0]] || (RANKS[entry[0]] || entry[0]);
      var item = make('span', 'sr-live-item' + (entry[3] === 0 ? ' none' : ''),
                      what + (entry[1] > 1 ? '\u00d7' + entry[1] : '') + ': ' + entry[3] + ' live');
      item.setAttribute('data-live', entry[0]);
      item.setAttribute('data-count', String(entry[3]));
      item.title = entry[3] + ' live, ' + entry[2] + ' dead';
      parts.appendChild(item);
    });
    if (live.low) {
      var low = make('span', 'sr-live-item low', 'low cards: ' + live.low[0] + ' of ' +
                     live.low[1] + ' live');
      low.setAttribute('data-live', 'low');
      low.setAttribute('data-count', String(live.low[0]));
      low.title = 'cards of the low ranks (8 or lower) not yet held';
      parts.appendChild(low);
    }
    node.appendChild(parts);
    var dead = make('span', 'sr-dead');
    dead.appendChild(make('span', 'sr-dead-label', 'dead:'));
    live.dead.forEach(function (card) { dead.appendChild(cardNode(card, true)); });
    if (!live.dead.length) { dead.appendChild(make('span', 'sr-dead-none', 'none seen')); }
    node.appendChild(dead);
  };

  Replayer.prototype.handName = function (half, text, other) {
    var node = make('div', 'hand-name ' + half + (other ? ' split' : ''), text);
    node.setAttribute('data-half', half);
    node.title = (half === 'low' ? 'low: ' : half === 'high' ? 'high: ' : '') + text;
    return node;
  };

  Replayer.prototype.isWinner = function (name) {
    return (this.view.pots || []).some(function (p) {
      return p.winners_high.indexOf(name) >= 0 || p.winners_low.indexOf(name) >= 0;
    });
  };

  Replayer.prototype.renderNow = function (step) {
    this.actionNode.textContent = step.label;
    this.notesNode.textContent = step.notes.length ? step.notes.join(' \u00b7 ') : '';
    this.sourceNode.textContent = '';
    var file = this.view.header.file;
    var where = make('span', 'source-where',
                     step.line === null ? '(no line: the site prints none)' :
                       baseName(file) + ':' + step.line);
    where.title = file;
    this.sourceNode.appendChild(where);
    if (step.text) { this.sourceNode.appendChild(make('code', 'source-text', step.text)); }
    this.violationsNode.textContent = '';
    var self = this;
    step.violations.forEach(function (v) { self.violationsNode.appendChild(violationNode(v, file)); });
  };

  // A root cause: a violation that follows from no earlier one of its hand.
  function isRoot(v) { return v.follows_line === null || v.follows_line === undefined; }

  function violationNode(v, file) {
    var node = make('div', 'violation' + (isRoot(v) ? '' : ' consequence'));
    node.setAttribute('data-rule', v.rule);
    node.setAttribute('role', 'alert');
    var head = make('div', 'violation-head');
    head.appendChild(make('span', 'violation-rule', v.rule));
    head.appendChild(make('span', 'violation-title', v.title));
    if (!isRoot(v)) {
      head.appendChild(make('span', 'violation-follows', 'follows from line ' +
                            v.follows_line + ': ' + v.follows_rule));
    }
    node.appendChild(head);
    node.appendChild(make('div', 'violation-message', v.message));
    var src = make('div', 'violation-source');
    src.appendChild(make('span', 'source-where', baseName(file) + ':' + v.line));
    if (v.text) { src.appendChild(make('code', 'source-text', v.text)); }
    node.appendChild(src);
    return node;
  }

  Replayer.prototype.renderPots = function (step) {
    var node = this.potsNode;
    node.textContent = '';
    node.hidden = !step.result;
    if (!step.result) { return; }
    var view = this.view, self = this;
    (view.pots || []).forEach(function (p) {
      var row = make('div', 'pot-row');
      row.setAttribute('data-pot', String(p.index));
      row.appendChild(make('span', 'pot-name', p.name + ' ' + self.amount(p.amount, p.amount_text)));
      var won = p.winners_high.length ? p.winners_high.join(', ') : '?';
      if (p.winners_low.length) { won = 'high ' + won + '; low ' + p.winners_low.join(', '); }
      row.appendChild(make('span', 'pot-winners', 'won by ' + won));
      row.appendChild(make('span', 'pot-eligible', 'among ' + p.eligible.join(', ')));
      node.appendChild(row);
    });
    var took = (view.collected || []).filter(function (c) { return c.line <= (step.line || Infinity); });
    if (took.length) {
      node.appendChild(make('div', 'pot-collected', 'collected: ' + took.map(function (c) {
        return c.player + ' ' + self.amount(c.amount, c.amount_text);
      }).join(', ')));
    }
    if (view.rake) {
      node.appendChild(make('div', 'pot-rake', 'rake ' + this.amount(view.rake, view.rake_text)));
    }
    if (step.kind === 'result') {
      var nets = make('div', 'pot-nets');
      Object.keys(view.net_texts).forEach(function (p) {
        var net = make('span', 'net ' + (view.nets[p] > 0 ? 'plus' : view.nets[p] < 0 ? 'minus' : ''),
                       p + ' ' + self.amount(view.nets[p], view.net_texts[p], true));
        nets.appendChild(net);
      });
      node.appendChild(nets);
    }
  };

  Replayer.prototype.renderList = function (i) {
    for (var k = 0; k < this.items.length; k++) {
      this.items[k].classList.toggle('current', k === i);
    }
    var item = this.items[i], list = this.list;
    if (item && list.clientHeight) {
      var top = item.offsetTop;  /* the list is the items' offset parent */
      if (top < list.scrollTop) { list.scrollTop = top; }
      else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + item.offsetHeight - list.clientHeight;
      }
    }
  };

  Replayer.prototype.key = function (event) {
    var moves = { ArrowRight: 'next', ArrowLeft: 'prev', Home: 'first', End: 'last' };
    if (moves[event.key]) {
      this.move(moves[event.key]);
      return true;
    }
    return false;
  };

  /* ---- the overlay, inline mounts, links ----------------------------------------- */

  /* A field that takes arrow keys itself (text, the step slider): left alone. */
  function typing(target) {
    if (!target || !target.tagName) { return false; }
    if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' ||
        target.isContentEditable) { return true; }
    return target.tagName === 'INPUT' &&
      ['checkbox', 'radio', 'button', 'submit', 'reset'].indexOf(target.type) < 0;
  }

  function onKey(event) {
    if (typing(event.target) && event.key !== 'Escape') { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (overlay) {
      if (event.key === 'Escape') { closeOverlay(); event.preventDefault(); return; }
      if (overlay.replayer && overlay.replayer.key(event)) { event.preventDefault(); }
      return;
    }
    var active = lastInline || (inline.length === 1 ? inline[0] : null);
    if (active && active.key(event)) { event.preventDefault(); }
  }

  function openOverlay(key) {
    closeOverlay();
    var opener = document.activeElement;
    var shade = make('div', 'stud-replayer-overlay');
    var dialog = make('div', 'stud-replayer-dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'hand ' + key);
    shade.appendChild(dialog);
    shade.addEventListener('click', function (e) { if (e.target === shade) { closeOverlay(); } });
    document.body.appendChild(shade);
    overlay = { node: shade, opener: opener, replayer: null };
    var view = viewOf(key);
    if (view) {
      overlay.replayer = new Replayer(dialog, view, true);
      overlay.replayer.root.focus();
    } else {
      var missing = make('div', 'stud-replayer-missing');
      missing.appendChild(make('p', '', 'Hand ' + key + ' is not embedded in this page.'));
      var close = make('button', 'sr-close', 'close');
      close.type = 'button';
      close.addEventListener('click', closeOverlay);
      missing.appendChild(close);
      dialog.appendChild(missing);
      close.focus();
    }
    document.documentElement.classList.add('stud-replayer-open');
    return overlay.replayer;
  }

  function closeOverlay() {
    if (!overlay) { return; }
    var opener = overlay.opener;
    overlay.node.parentNode.removeChild(overlay.node);
    overlay = null;
    document.documentElement.classList.remove('stud-replayer-open');
    if (opener && opener.focus) { opener.focus(); }
  }

  function mount(element, key) {
    var view = viewOf(key);
    element.textContent = '';
    if (!view) {
      element.appendChild(make('p', 'stud-replayer-missing', 'Hand ' + key +
                               ' is not embedded in this page.'));
      return null;
    }
    var replayer = new Replayer(element, view, false);
    inline.push(replayer);
    return replayer;
  }

  function mountAll() {
    var hosts = document.querySelectorAll('[data-replayer-mount]');
    for (var i = 0; i < hosts.length; i++) {
      if (!hosts[i].firstChild) { mount(hosts[i], hosts[i].getAttribute('data-replayer-mount')); }
    }
  }

  document.addEventListener('click', function (event) {
    var link = event.target && event.target.closest ? event.target.closest('[data-hand]') : null;
    if (!link || (overlay && overlay.node.contains(link))) { return; }
    event.preventDefault();
    openOverlay(link.getAttribute('data-hand'));
  });
  document.addEventListener('keydown', function (event) {
    if (event.defaultPrevented) { return; }
    var inside = event.target && event.target.closest && event.target.closest('.stud-replayer');
    if (!inside || overlay) { onKey(event); }
  });

  window.StudReplayer = { open: openOverlay, close: closeOverlay, mount: mount, views: allViews };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', mountAll);
  } else {
    mountAll();
  }
}());
