ALTER TABLE "universities" ADD COLUMN IF NOT EXISTS "names" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The catalogue's own universities get their names in the other languages (issue 26 §4); a database seeded before keeps its other values.
UPDATE "universities" SET "names" = '{"zh-CN": "牛津大学", "ar": "جامعة أكسفورد", "ur": "آکسفورڈ یونیورسٹی", "hi": "ऑक्सफ़ोर्ड विश्वविद्यालय", "fr": "Université d''Oxford"}'::jsonb WHERE "id" = 'university-of-oxford' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "圣安德鲁斯大学", "ar": "جامعة سانت أندروز", "ur": "سینٹ اینڈریوز یونیورسٹی", "hi": "सेंट एंड्रयूज़ विश्वविद्यालय", "fr": "Université de St Andrews"}'::jsonb WHERE "id" = 'university-of-st-andrews' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "剑桥大学", "ar": "جامعة كامبريدج", "ur": "کیمبرج یونیورسٹی", "hi": "कैम्ब्रिज विश्वविद्यालय", "fr": "Université de Cambridge"}'::jsonb WHERE "id" = 'university-of-cambridge' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伦敦政治经济学院", "ar": "كلية لندن للاقتصاد والعلوم السياسية", "ur": "لندن اسکول آف اکنامکس اینڈ پولیٹیکل سائنس", "hi": "लंदन स्कूल ऑफ़ इकोनॉमिक्स एंड पॉलिटिकल साइंस", "fr": "École d’économie et de science politique de Londres"}'::jsonb WHERE "id" = 'london-school-of-economics-and-political-science' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "帝国理工学院", "ar": "إمبريال كوليدج لندن", "ur": "امپیریل کالج لندن", "hi": "इंपीरियल कॉलेज लंदन", "fr": "Imperial College de Londres"}'::jsonb WHERE "id" = 'imperial-college-london' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "杜伦大学", "ar": "جامعة دورهام", "ur": "ڈرہم یونیورسٹی", "hi": "डरहम विश्वविद्यालय", "fr": "Université de Durham"}'::jsonb WHERE "id" = 'durham-university' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伦敦大学学院", "ar": "كلية لندن الجامعية", "ur": "یونیورسٹی کالج لندن", "hi": "यूनिवर्सिटी कॉलेज लंदन", "fr": "University College de Londres"}'::jsonb WHERE "id" = 'university-college-london-ucl' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "兰卡斯特大学", "ar": "جامعة لانكستر", "ur": "لنکاسٹر یونیورسٹی", "hi": "लैंकेस्टर विश्वविद्यालय", "fr": "Université de Lancaster"}'::jsonb WHERE "id" = 'lancaster-university' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "阿伯丁大学", "ar": "جامعة أبردين", "ur": "ایبرڈین یونیورسٹی", "hi": "एबरडीन विश्वविद्यालय", "fr": "Université d''Aberdeen"}'::jsonb WHERE "id" = 'university-of-aberdeen' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伦敦艺术大学", "ar": "جامعة لندن للفنون", "ur": "یونیورسٹی آف دی آرٹس لندن", "hi": "यूनिवर्सिटी ऑफ़ द आर्ट्स लंदन", "fr": "Université des arts de Londres"}'::jsonb WHERE "id" = 'university-of-the-arts-london' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "格拉斯哥大学", "ar": "جامعة غلاسكو", "ur": "گلاسگو یونیورسٹی", "hi": "ग्लासगो विश्वविद्यालय", "fr": "Université de Glasgow"}'::jsonb WHERE "id" = 'university-of-glasgow' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "爱丁堡大学", "ar": "جامعة إدنبرة", "ur": "ایڈنبرا یونیورسٹی", "hi": "एडिनबर्ग विश्वविद्यालय", "fr": "Université d''Édimbourg"}'::jsonb WHERE "id" = 'university-of-edinburgh' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "思克莱德大学", "ar": "جامعة ستراثكلايد", "ur": "اسٹریتھکلائیڈ یونیورسٹی", "hi": "स्ट्रैथक्लाइड विश्वविद्यालय", "fr": "Université de Strathclyde"}'::jsonb WHERE "id" = 'university-of-strathclyde' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "谢菲尔德大学", "ar": "جامعة شيفيلد", "ur": "شیفیلڈ یونیورسٹی", "hi": "शेफ़ील्ड विश्वविद्यालय", "fr": "Université de Sheffield"}'::jsonb WHERE "id" = 'university-of-sheffield' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "约克大学", "ar": "جامعة يورك", "ur": "یارک یونیورسٹی", "hi": "यॉर्क विश्वविद्यालय", "fr": "Université de York"}'::jsonb WHERE "id" = 'university-of-york' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "利物浦大学", "ar": "جامعة ليفربول", "ur": "لیورپول یونیورسٹی", "hi": "लिवरपूल विश्वविद्यालय", "fr": "Université de Liverpool"}'::jsonb WHERE "id" = 'university-of-liverpool' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伦敦国王学院", "ar": "كينغز كوليدج لندن", "ur": "کنگز کالج لندن", "hi": "किंग्स कॉलेज लंदन", "fr": "King’s College de Londres"}'::jsonb WHERE "id" = 'kings-college-london' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "曼彻斯特大学", "ar": "جامعة مانشستر", "ur": "مانچسٹر یونیورسٹی", "hi": "मैनचेस्टर विश्वविद्यालय", "fr": "Université de Manchester"}'::jsonb WHERE "id" = 'university-of-manchester' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "桑德兰大学", "ar": "جامعة سندرلاند", "ur": "سنڈرلینڈ یونیورسٹی", "hi": "सुंदरलैंड विश्वविद्यालय", "fr": "Université de Sunderland"}'::jsonb WHERE "id" = 'university-of-sunderland' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伯明翰大学", "ar": "جامعة برمنغهام", "ur": "برمنگھم یونیورسٹی", "hi": "बर्मिंघम विश्वविद्यालय", "fr": "Université de Birmingham"}'::jsonb WHERE "id" = 'university-of-birmingham' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "利兹大学", "ar": "جامعة ليدز", "ur": "لیڈز یونیورسٹی", "hi": "लीड्स विश्वविद्यालय", "fr": "Université de Leeds"}'::jsonb WHERE "id" = 'university-of-leeds' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "考文垂大学", "ar": "جامعة كوفنتري", "ur": "کوونٹری یونیورسٹی", "hi": "कोवेंट्री विश्वविद्यालय", "fr": "Université de Coventry"}'::jsonb WHERE "id" = 'coventry-university' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "赫特福德大学", "ar": "جامعة هيرتفوردشير", "ur": "ہارٹفورڈشائر یونیورسٹی", "hi": "हर्टफ़र्डशायर विश्वविद्यालय", "fr": "Université du Hertfordshire"}'::jsonb WHERE "id" = 'university-of-hertfordshire' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "伦敦大学亚非学院", "ar": "كلية الدراسات الشرقية والأفريقية بجامعة لندن", "ur": "سواس یونیورسٹی آف لندن", "hi": "सोआस यूनिवर्सिटी ऑफ़ लंदन", "fr": "SOAS Université de Londres"}'::jsonb WHERE "id" = 'soas-university-of-london' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "罗汉普顿大学", "ar": "جامعة روهامبتون", "ur": "روہیمپٹن یونیورسٹی", "hi": "रोहैम्पटन विश्वविद्यालय", "fr": "Université de Roehampton"}'::jsonb WHERE "id" = 'university-of-roehampton' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "密德萨斯大学", "ar": "جامعة ميدلسكس", "ur": "مڈلسیکس یونیورسٹی", "hi": "मिडलसेक्स विश्वविद्यालय", "fr": "Université du Middlesex"}'::jsonb WHERE "id" = 'middlesex-university' AND "names" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "universities" SET "names" = '{"zh-CN": "格林威治大学", "ar": "جامعة غرينتش", "ur": "گرینچ یونیورسٹی", "hi": "ग्रीनविच विश्वविद्यालय", "fr": "Université de Greenwich"}'::jsonb WHERE "id" = 'university-of-greenwich' AND "names" = '{}'::jsonb;
