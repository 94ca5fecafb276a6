//! The everyday vocabulary of the synthetic episodes: a few thousand common English words by part
//! of speech, each list written roughly from the most to the least frequent (`prose.rs` draws them
//! with a Zipf-like frequency by that rank). Written here, not downloaded; no stop words
//! (`mnemo_core::STOP_WORDS`) and no word twice in a list (checked by the tests).

/// Nouns, singular.
pub const NOUNS: &str = "
time year day way thing world life hand part child eye woman place work week case point number
group problem fact home water room mother area money story month lot right study book job word
business issue side kind head house service friend father power hour game line end member law car
city community name president team minute idea kid body information school face level office door
health person art war history party result change morning reason research girl guy moment air
teacher force education foot boy age policy music market sense nation plan college interest death
experience effect class control care field development role effort rate heart drug show leader
light voice wife police mind price report decision son view relationship town road arm difference
value building action model season society tax director position player record paper space ground
form event official matter center couple site project activity star table need court oil situation
cost industry figure street image phone data picture practice piece land product doctor wall
patient worker news test movie north love support technology step baby computer type attention film
tree source organization hair window evidence population truth song husband property focus science
voter choice trial bed rule garden plant summer chance memory daughter brother sister dinner lunch
breakfast coffee tea kitchen weekend holiday trip train bus station airport ticket letter email
message birthday wedding concert dog cat horse bird fish river lake mountain beach island forest
farm village bridge hill sea ocean sky rain snow wind weather sun moon camera bike boat ship plane
bag box bottle glass cup plate shirt dress shoe coat hat jacket bread cake cheese egg milk fruit
apple orange rice soup salad chicken meat sugar salt butter pizza pasta sandwich chocolate cookie
wine beer juice restaurant cafe hotel shop store bank church hospital museum library theater park
gym pool stadium club bar apartment flat neighbour neighbor corner square avenue lane path trail
map guide lesson course exam homework grade degree career salary boss colleague client customer
meeting interview deadline schedule calendar agenda budget bill invoice account loan debt rent
mortgage insurance pension tip gift present surprise festival parade vacation journey adventure
tour flight passport luggage suitcase guitar piano violin drum band album painting drawing photo
poem novel magazine newspaper article blog podcast video channel episode series character scene
chapter page title cover author artist singer actor dancer writer painter photographer chef cook
waiter driver pilot nurse lawyer judge engineer scientist farmer soldier student pupil parent
grandmother grandfather uncle aunt cousin nephew niece partner roommate stranger visitor guest host
audience crowd fan coach captain neighborhood suburb countryside desert valley canyon cave cliff
coast harbor port dock pier meadow pond stream waterfall volcano glacier storm thunder lightning
fog cloud rainbow sunset sunrise spring autumn winter evening night afternoon midnight noon dawn
dusk hobby habit routine chore errand task shift overtime break pause rest nap dream nightmare
feeling mood emotion joy anger fear hope worry stress pain fever cough headache injury medicine
pill vaccine diet exercise workout yoga walk swim hike climb ride race match goal score win loss
prize medal trophy ball bat racket net helmet glove sock boot scarf belt watch ring necklace
earring bracelet wallet purse key lock chain rope tool hammer nail screw ladder brush paint bucket
sponge towel soap shampoo mirror comb toothbrush blanket pillow sheet curtain carpet rug sofa couch
chair desk shelf drawer cabinet closet lamp candle clock heater oven stove fridge freezer sink tap
pipe roof floor ceiling stair stairs basement attic garage yard fence gate porch balcony terrace
patio lawn hedge flower rose tulip daisy lily grass leaf branch root seed soil stone rock sand mud
dust smoke fire flame ash coal wood metal iron steel gold silver copper plastic rubber cotton wool
silk leather cardboard vegetable potato tomato onion garlic carrot pepper bean pea corn lettuce
cabbage mushroom lemon banana grape cherry strawberry peach pear plum melon pineapple mango coconut
nut almond honey jam sauce spice herb flour dough pie pancake waffle toast cereal yogurt cream ice
snack meal feast recipe menu dish bowl spoon fork knife pan pot kettle jar lid tray napkin straw
puppy kitten rabbit hamster parrot turtle snake lizard frog mouse rat squirrel deer fox wolf bear
lion tiger elephant monkey zebra giraffe whale dolphin shark octopus crab shrimp bee ant spider
butterfly mosquito worm owl eagle duck goose swan pigeon cow pig sheep goat donkey tractor truck
van taxi subway tram scooter motorcycle helicopter rocket engine wheel tire brake seat seatbelt
parking traffic highway tunnel crossing sign signal speed distance mile meter kilometer inch pound
kilogram gallon liter percent dollar euro coin cash credit card receipt discount sale deal offer
order delivery package parcel stamp envelope address password screen keyboard laptop tablet printer
charger battery cable wifi internet website app software update download file folder document
spreadsheet slide presentation chart graph list note reminder alarm timer question answer solution
mistake error accident emergency danger risk safety security privacy freedom justice peace conflict
crisis disaster victory defeat battle army navy government election campaign vote candidate
minister mayor council committee board company firm agency department factory warehouse lab
laboratory studio workshop startup brand logo label advertisement commercial poster flyer banner
brochure contract agreement license permit regulation standard quality quantity amount size shape
color colour pattern texture smell taste sound noise silence echo rhythm melody tune lyric chorus
verse rhyme joke rumor secret lie promise excuse complaint compliment apology thanks favor advice
hint clue guess opinion belief faith religion culture tradition custom ceremony ritual celebration
anniversary graduation retirement funeral reunion picnic barbecue camping fishing hunting gardening
cooking baking knitting sewing reading dancing singing skiing surfing skating cycling running
jogging chess puzzle riddle quiz lottery bet dice toy doll kite balloon candy lollipop diary
journal notebook pen pencil eraser ruler marker crayon chalk glue tape scissors stapler clip pin
needle thread button zipper pocket sleeve collar hood umbrella raincoat sunglasses glasses lens
tooth teeth tongue lip nose ear neck shoulder elbow wrist finger thumb knee ankle toe heel skin
bone blood muscle brain stomach lung liver back chest hip leg belly cheek chin forehead eyebrow
beard mustache dentist pharmacy clinic ambulance surgery operation appointment checkup allergy rash
bruise bandage wound scar crutch wheelchair luck fortune fate destiny purpose meaning wish ambition
success failure progress growth challenge opportunity advantage benefit reward profit income
expense saving investment stock share fund economy inflation recession skill talent ability
knowledge wisdom intelligence patience courage honesty kindness generosity humor sympathy respect
trust loyalty pride shame guilt envy jealousy regret relief comfort pleasure delight excitement
boredom curiosity confusion shock loneliness friendship romance marriage divorce engagement crush
breakup teenager adult senior toddler infant twin sibling spouse fiance bride groom atmosphere
environment climate pollution recycling waste garbage trash bin compost energy electricity solar
fuel gas petrol diesel universe planet galaxy comet asteroid telescope satellite orbit chemistry
physics biology mathematics geography literature philosophy psychology economics grammar vocabulary
spelling accent language dialect translation dictionary statue monument castle palace tower temple
mosque cathedral chapel ruin fountain orchard vineyard greenhouse barn stable shed hut cabin
cottage mansion tent caravan slope peak summit ridge plateau plain swamp marsh jungle prairie
tundra dune reef bay gulf strait cape peninsula lagoon creek brook well canal dam reservoir
sculpture pottery ceramic tapestry mural portrait landscape sketch canvas easel orchestra choir
symphony opera ballet musical rehearsal audition premiere encore applause row aisle stage spotlight
microphone speaker amplifier headphone playlist radio television remote antenna journalist editor
reporter critic reviewer publisher librarian archivist historian carpenter plumber electrician
mechanic gardener baker butcher barber tailor jeweler florist cashier clerk receptionist secretary
assistant manager supervisor intern volunteer detective thief robber burglar prisoner witness
suspect victim hero villain pirate knight king queen prince princess emperor wizard witch ghost
monster dragon giant fairy angel devil saint invitation reservation booking cancellation refund
warranty guarantee lease landlord tenant householder compass lantern flashlight torch matchbox
backpack sleeping canoe kayak paddle sail anchor lighthouse marina ferry cruise voyage expedition
safari queue wait delay hurry rush instant decade century era generation childhood youth
adolescence adulthood kindergarten playground classroom campus dormitory lecture seminar thesis
essay diploma scholarship tuition semester recess violinist pianist drummer guitarist composer
conductor sailor fisherman hunter shepherd miner builder architect designer potter cupboard pantry
laundry dishwasher microwave toaster blender mixer frost hail breeze gust drizzle heatwave drought
flood earthquake tournament championship league referee umpire goalkeeper striker mountaineer
climber skier surfer cyclist runner swimmer blueprint sketchbook scrapbook bookmark bookshelf
paperback hardcover manuscript footnote paragraph sentence headline caption subtitle transcript
broadcast newsletter subscription membership badge certificate souvenir postcard keychain magnet
ornament wreath garland confetti ribbon tinsel firework bonfire campfire grill skewer marshmallow
popcorn pretzel cracker biscuit muffin croissant bagel donut brownie cupcake pudding custard jelly
sorbet milkshake smoothie lemonade cocoa espresso latte cappuccino teapot mug thermos flask canteen
lunchbox hamper basket wheelbarrow shovel rake hoe trowel hose sprinkler scarecrow beehive
birdhouse doghouse kennel leash muzzle saddle bridle harness stirrup hoof mane whisker paw claw fin
feather beak nest shell pebble boulder gravel cobblestone pavement sidewalk curb gutter drain sewer
manhole streetlight lamppost billboard kiosk booth stall vendor peddler auction bazaar boutique
outlet mall supermarket grocery butchery deli laundromat barbershop salon spa sauna jacuzzi hammock
deckchair parasol sunscreen sunburn freckle snorkel flipper wetsuit surfboard skateboard snowboard
sled toboggan snowman snowball icicle mitten earmuff beanie sweater cardigan hoodie vest blouse
skirt jeans trousers shorts pajamas slipper sandal sneaker loafer apron overall uniform costume
mask wig makeup lipstick perfume cologne deodorant lotion razor tweezers nailpolish hairbrush
hairdryer thermometer stethoscope syringe inhaler pacifier stroller crib cradle highchair nursery
rattle teddy puppet marionette carousel ferris rollercoaster arcade bowling billiards darts domino
checkers jigsaw crossword sudoku trivia charade karaoke disco nightclub lounge pub tavern inn motel
hostel lodge resort chalet villa bungalow penthouse loft duplex skyscraper shipyard dockyard quarry
sawmill mill windmill watermill granary silo pasture paddock corral ranch plantation estate manor
courtyard cloister archway doorway hallway corridor staircase elevator escalator lobby foyer
vestibule chimney fireplace hearth mantel skylight windowsill doorstep doormat doorbell mailbox
keyhole padlock hinge latch knob handle faucet showerhead bathtub toilet drainpipe wallpaper tile
plaster brick concrete cement mortar beam plank timber lumber
";

/// Verbs, base form (after "to", "will", "did", "I", "we", "you", "they").
pub const VERBS: &str = "
get make go see come take think look want give use find work call try ask need feel become leave
put mean keep begin seem help talk turn start show hear play run move like live believe hold bring
happen write provide sit stand lose pay meet include continue set learn change lead understand
watch follow stop create speak read allow add spend grow open walk win offer remember love consider
appear buy wait serve die send expect build stay fall cut reach kill remain suggest raise pass sell
require report decide pull return explain hope develop carry break receive agree support hit
produce eat cover catch draw choose cause point listen realize place close involve plan wonder
drive pick fill save clean cook bake wash dry fix paint visit travel fly swim ride climb dance sing
laugh cry smile shout whisper worry enjoy hate miss finish prepare order share join invite
celebrate organize arrange book cancel postpone borrow lend rent owe earn count measure compare
check test practice train teach study review improve repair replace remove delete upload download
install print scan copy paste type click search browse post text reply answer mention describe
discuss argue complain apologize thank forgive promise warn advise recommend admit deny refuse
accept reject prefer imagine guess doubt trust respect admire appreciate notice recognize forget
ignore avoid prevent protect defend attack fight hide seek chase escape rescue survive recover rest
relax sleep wake dream breathe sneeze cough shake shiver sweat bleed hurt heal wear dress undress
pack unpack lift push press squeeze fold wrap tie hang drop throw kick bounce roll slide slip trip
stumble crash knock bang ring beep buzz shine glow burn melt freeze boil fry grill roast chop slice
mix stir pour spill taste smell touch hug kiss greet wave nod bow kneel jump hop skip jog sprint
stroll wander explore discover invent design sketch sew knit weave plant harvest feed hunt sail row
paddle camp hike surf skate ski park steer honk commute deliver mail sign file sort tidy sweep mop
vacuum polish scrub rinse soak iron mend patch glue drill saw weigh calculate estimate predict
forecast schedule delay hurry rush queue bargain negotiate trade invest donate volunteer vote elect
govern manage supervise hire employ retire resign apply interview graduate enroll register attend
cheat fail succeed struggle cope adapt adjust settle relocate emigrate decorate furnish renovate
rebuild demolish construct photograph film record edit publish broadcast stream subscribe unfollow
block confess reveal disclose pretend betray tease joke flirt date marry divorce babysit adopt
nurse comfort console encourage inspire motivate persuade convince remind notify inform announce
declare claim insist demand request beg pray wish bless curse scold blame punish reward praise
criticize judge evaluate rate rank assess analyze investigate examine inspect observe monitor track
trace locate navigate guide accompany escort host entertain amuse bore annoy bother disturb
interrupt distract confuse surprise shock scare frighten threaten bully tickle pinch scratch bite
sting repay refund charge afford waste recycle reuse reduce
";

/// Adjectives.
pub const ADJECTIVES: &str = "
good new first last long great little old right big high different small large next early young
important public bad able late hard major better economic strong possible whole free military true
federal international full special easy clear recent certain personal open red difficult available
likely short single medical current wrong private past foreign fine common poor natural significant
similar hot dead central happy serious ready simple left physical general environmental financial
blue democratic dark various entire close legal religious cold final main green nice huge popular
traditional cultural wide deep tough real beautiful safe busy quiet loud funny strange weird lovely
cute pretty ugly clean dirty fresh warm cool wet dry soft sharp smooth rough heavy light thin thick
fat tall narrow tiny massive empty crowded noisy calm peaceful gentle kind polite rude friendly
lonely proud brave shy nervous anxious worried excited bored tired sleepy hungry thirsty sick
healthy fit lazy clever smart stupid silly wise crazy angry upset sad glad grateful thankful lucky
unlucky rich expensive cheap fancy plain modern ancient classic vintage rare unusual ordinary
normal typical regular weekly daily monthly annual yearly seasonal local national global rural
urban coastal northern southern eastern western tropical sweet sour bitter salty spicy tasty
delicious yummy crispy crunchy creamy juicy raw ripe rotten frozen boiled fried roasted baked
grilled homemade organic vegetarian vegan bright dim shiny dull colorful pale golden purple pink
yellow brown gray grey black white scarlet navy wooden woolen broken cracked damaged loose tight
sticky slippery muddy dusty rusty foggy rainy sunny cloudy windy stormy snowy icy frosty humid
chilly freezing boiling curious careful careless honest loyal patient impatient generous selfish
stubborn flexible creative talented skilled experienced professional amateur confident independent
responsible reliable helpful useful useless harmless dangerous risky secure stable steady solid
fragile delicate elegant graceful clumsy awkward handsome gorgeous charming adorable lively
cheerful gloomy grumpy moody jealous envious guilty ashamed embarrassed confused surprised shocked
amazed impressed delighted thrilled relieved satisfied disappointed frustrated annoyed furious
scared frightened terrified relaxed stressed exhausted energetic restless sore itchy dizzy painful
swollen bruised injured pregnant famous unknown hidden obvious visible invisible mysterious magical
wonderful terrible horrible awful fantastic amazing incredible excellent perfect brilliant superb
decent fair unfair equal odd extra spare complete incomplete partial temporary permanent brief
quick slow fast rapid sudden gradual constant frequent occasional previous upcoming future former
latest initial primary secondary basic advanced complex complicated vague exact precise accurate
correct false genuine fake original unique specific particular official informal formal casual
spacious cozy comfortable uncomfortable convenient inconvenient accessible remote nearby distant
faraway domestic wild tame endless infinite limited scarce abundant packed vacant occupied reserved
booked digital electric electronic automatic manual mechanical wireless portable medieval royal
imperial noble humble modest arrogant respectful tender fierce bold timid eager keen reluctant
willing unwilling bumpy steep shallow hollow curved straight crooked round oval pointed fluffy
furry hairy bald wrinkled freckled tanned fragrant smelly stinky musty breezy drowsy dreamy fuzzy
grumbly gusty hazy misty murky soggy spotless tidy messy cluttered shabby worn faded polished
glossy matte velvety silky crinkly wobbly sturdy rickety bouncy squeaky creaky leaky drafty toasty
snug roomy cramped airy stuffy sunlit moonlit starry shady leafy grassy rocky sandy pebbly hilly
mountainous swampy marshy thorny prickly spiky scaly slimy greasy oily buttery cheesy minty lemony
smoky nutty fruity zesty tangy bland mild savory hearty filling peppery garlicky witty chatty
bubbly bossy nosy fussy picky cranky cheeky sassy quirky nerdy geeky sporty outdoorsy artsy crafty
handy thrifty frugal lavish stylish trendy dapper scruffy
";

/// Adverbs and time words.
pub const ADVERBS: &str = "
really actually probably maybe perhaps finally usually always never often sometimes already still
soon later today tomorrow tonight yesterday recently lately quickly slowly carefully easily happily
sadly suddenly quietly loudly gently badly nearly almost quite rather totally completely absolutely
definitely certainly honestly seriously literally basically generally especially exactly simply
clearly obviously apparently hopefully luckily unfortunately fortunately surprisingly eventually
immediately instantly gradually constantly frequently occasionally rarely seldom hardly barely
mostly mainly partly fully entirely slightly deeply highly truly warmly kindly politely patiently
proudly bravely calmly eagerly gladly anyway somehow somewhere everywhere anywhere nowhere outside
inside upstairs downstairs abroad overseas ahead together alone apart away indoors outdoors online
overnight twice thrice
";
